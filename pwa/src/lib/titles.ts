/**
 * The Spanish title of each screen, once (issue 21): the screens' headings read it, and so do the
 * shell's breadcrumbs, the document title and the start-up frame (app/screen-titles.ts), so the
 * two can never disagree. Plain constants: the start-up script draws them before React loads.
 */
export const SCREEN_TITLE = {
  home: 'Inicio',
  profile: 'Mi Perfil',
  users: 'Lista de Usuarios',
  newUser: 'Crear Nuevo Usuario',
  editUser: 'Editar Usuario',
  userProfile: 'Detalle de Usuario',
  empleados: 'Lista de Empleados',
  newEmpleado: 'Crear Nuevo Empleado',
  editEmpleado: 'Editar Empleado',
  empleadoProfile: 'Perfil del Empleado',
  empleadoDocuments: 'Documentos del Empleado',
  newNomina: 'Crear Nueva Nómina',
  editNomina: 'Editar Nómina',
  miNomina: 'Mi Nómina',
  captaciones: 'Mis Proyectos de Captación',
  nuevaCaptacion: 'Nueva Captación Inmobiliaria',
  editarCaptacion: 'Editar Captación',
  captacion: 'Detalle de Captación Inmobiliaria',
  captacionConflicto: 'Resolver conflicto de captación',
} as const;

/** The product's name: the sidebar, the sign-in and registration cards and every document title ('Inicio · Inmobiliaria'). */
export const BRAND_NAME = 'Inmobiliaria';
