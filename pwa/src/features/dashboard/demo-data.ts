/**
 * The template's hard-coded figures (spec 000 sections 1 and 9: placeholders, nothing is
 * loaded from the server). Card and chart names are the template's, in Spanish (the
 * specification's UI language).
 */
import type { IconName } from '@blueprintjs/icons';

export interface StatCardData {
  title: string;
  subtitle: string;
  value: string;
  change: string;
  positive: boolean;
  caption: string;
  icon: IconName;
  tone: 'dark' | 'blue' | 'green' | 'rose';
}

export const STAT_CARDS: StatCardData[] = [
  { title: 'Dinero de hoy', subtitle: 'Ingresos del día', value: '$53,000', change: '+55%', positive: true, caption: 'que ayer', icon: 'dollar', tone: 'dark' },
  { title: 'Usuarios de hoy', subtitle: 'Usuarios activos', value: '2,300', change: '+3%', positive: true, caption: 'que el mes pasado', icon: 'people', tone: 'blue' },
  { title: 'Clientes nuevos', subtitle: 'Altas del día', value: '+3,462', change: '-2%', positive: false, caption: 'que ayer', icon: 'new-person', tone: 'green' },
  { title: 'Ventas', subtitle: 'Ventas totales', value: '$103,430', change: '+5%', positive: true, caption: 'que ayer', icon: 'shopping-cart', tone: 'rose' },
];

export interface ChartData {
  title: string;
  description: string;
  updated: string;
  labels: string[];
  values: number[];
}

export const WEBSITE_VIEWS: ChartData = {
  title: 'Vistas del sitio',
  description: 'Rendimiento de la última campaña',
  updated: 'campaña enviada hace 2 días',
  labels: ['L', 'M', 'M', 'J', 'V', 'S', 'D'],
  values: [50, 20, 10, 22, 50, 10, 40],
};

export const DAILY_SALES: ChartData = {
  title: 'Ventas diarias',
  description: '(+15%) de aumento en las ventas de hoy',
  updated: 'actualizado hace 4 min',
  labels: ['Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'],
  values: [50, 40, 300, 320, 500, 350, 200, 230, 500],
};

export const COMPLETED_TASKS: ChartData = {
  title: 'Tareas completadas',
  description: 'Rendimiento de la última campaña',
  updated: 'actualizado hace un momento',
  labels: ['Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'],
  values: [50, 40, 300, 220, 500, 250, 400, 230, 500],
};

export interface DemoProject {
  name: string;
  members: string[];
  budget: number | null;
  progress: number;
}

export const DEMO_PROJECTS: DemoProject[] = [
  { name: 'Residencial Las Lomas', members: ['AR', 'MG', 'JL', 'CS'], budget: 14000, progress: 60 },
  { name: 'Torre Reforma 210', members: ['RP', 'LM'], budget: 3000, progress: 10 },
  { name: 'Plaza Comercial del Valle', members: ['AR', 'CS'], budget: null, progress: 100 },
  { name: 'Departamentos Coyoacán', members: ['MG', 'JL', 'RP', 'LM'], budget: 20500, progress: 100 },
  { name: 'Bodegas Industriales Norte', members: ['CS'], budget: 500, progress: 25 },
  { name: 'Casas Bosque Real', members: ['LM', 'AR'], budget: 2000, progress: 40 },
];

export interface TimelineItem {
  icon: IconName;
  intent: 'success' | 'danger' | 'primary' | 'warning' | 'none';
  title: string;
  when: string;
}

export const ORDERS_TIMELINE: TimelineItem[] = [
  { icon: 'notifications', intent: 'success', title: '$2,400, cambios de diseño', when: '22 DIC 19:20' },
  { icon: 'code', intent: 'danger', title: 'Nuevo pedido #1832412', when: '21 DIC 23:00' },
  { icon: 'shopping-cart', intent: 'primary', title: 'Pagos del servidor de abril', when: '21 DIC 21:34' },
  { icon: 'credit-card', intent: 'warning', title: 'Nueva tarjeta agregada al pedido #4395133', when: '20 DIC 02:20' },
  { icon: 'key', intent: 'none', title: 'Desbloquear paquetes para desarrollo', when: '18 DIC 04:54' },
];

export const ORDERS_SUMMARY = '24% este mes';
