/**
 * The captación's field labels, declared once and read by the form's tabs, the detail screen, the
 * conflict view, the PDF and the validation summary (issue 21 item 4). A field has up to three
 * names because the places say it differently on purpose: `entry` is what the form asks for
 * (with its unit, 'Terreno (m²)'); `shown` is what the detail prints beside a value that already
 * carries the unit or sits under a heading that gives the context ('Terreno', 'Nombre' under
 * 'Comprador'); `printed` is the PDF's, which has no headings inside a section and so keeps the
 * context in the label ('Teléfono del comprador').
 */
export interface FieldLabel {
  readonly entry: string;
  readonly shown: string;
  readonly printed: string;
}

const label = (entry: string, shown = entry, printed = shown): FieldLabel => ({ entry, shown, printed });

export const CAPTACION_LABELS = {
  propietario: {
    nombre: label('Nombre'),
    telefono: label('Teléfono'),
    correo: label('Correo electrónico'),
    direccion: label('Dirección particular', 'Dirección'),
    identificacion: label('Identificación'),
    nss: label('NSS'),
    rfc: label('RFC'),
    curp: label('CURP'),
    estado_civil: label('Estado civil'),
  },
  propiedad: {
    tipo: label('Tipo de propiedad', 'Tipo', 'Tipo de propiedad'),
    direccion: label('Dirección'),
    calle: label('Calle'),
    numero: label('Número'),
    colonia: label('Colonia'),
    ciudad: label('Ciudad'),
    estado: label('Estado'),
    codigo_postal: label('Código postal'),
    m2_terreno: label('Terreno (m²)', 'Terreno'),
    m2_construccion: label('Construcción (m²)', 'Construcción'),
    habitaciones: label('Recámaras'),
    baños: label('Baños'),
    cocheras: label('Cocheras'),
    año_construccion: label('Año de construcción'),
    descripcion: label('Descripción'),
  },
  adeudo: {
    tipo: label('Tipo'),
    estatus: label('Estatus'),
    monto: label('Monto'),
    numero_referencia: label('Número de referencia', 'Número de referencia', 'Referencia'),
    descripcion: label('Descripción'),
  },
  laborales: {
    empresa: label('Empresa'),
    puesto: label('Puesto'),
    area: label('Área o departamento', 'Área o departamento', 'Área'),
    turno: label('Turno'),
    antiguedad: label('Antigüedad (años)', 'Antigüedad'),
    ingresos_mensuales: label('Ingresos mensuales'),
    telefono: label('Teléfono del trabajo'),
    registro_patronal: label('Registro patronal'),
    direccion: label('Dirección del trabajo'),
  },
  referencia: {
    nombre: label('Nombre completo', 'Nombre'),
    relacion: label('Parentesco o relación', 'Relación'),
    telefono: label('Teléfono de contacto', 'Teléfono'),
    direccion: label('Dirección'),
  },
  documentos: {
    ine: label('INE'),
    curp: label('CURP'),
    rfc: label('RFC'),
    escrituras: label('Escrituras'),
    comprobante_domicilio: label('Comprobante de domicilio'),
    predial_pagado: label('Predial pagado'),
    libre_gravamen: label('Libre de gravamen'),
    // The document's `documentos` defaults (spec 001 section 3.1): no screen fills them.
    predial: label('Predial'),
    otros: label('Otros'),
    observaciones: label('Notas', 'Observaciones'),
  },
  venta: {
    en_venta: label('La propiedad está en venta', 'En venta'),
    precio_venta: label('Precio de venta'),
    comision_venta: label('Comisión (%)', 'Comisión', 'Comisión de venta'),
    fecha_venta: label('Fecha de venta'),
    estatus_venta: label('Estatus de la venta', 'Estatus de la venta', 'Estatus de venta'),
    tipo_credito: label('Tipo de crédito'),
    observaciones: label('Notas de la venta', 'Observaciones'),
  },
  comprador: {
    nombre: label('Nombre del comprador', 'Nombre', 'Comprador'),
    telefono: label('Teléfono del comprador', 'Teléfono', 'Teléfono del comprador'),
    correo: label('Correo del comprador', 'Correo electrónico', 'Correo del comprador'),
    direccion: label('Dirección del comprador', 'Dirección', 'Dirección del comprador'),
  },
  documentosVenta: {
    contrato: label('Contrato de compraventa', 'Contrato'),
    identificacion: label('Identificación del comprador', 'Identificación'),
    constancia_credito: label('Aprobación de crédito', 'Constancia de crédito'),
  },
  captacion: {
    tipo_captacion: label('Tipo de captación'),
    fecha: label('Fecha de captación'),
    asesor: label('Asesor'),
    observaciones: label('Observaciones de la captación'),
    estatus_actual: label('Estatus'),
    tipo_tramite: label('Tipo de trámite'),
  },
} as const;

type Group = Readonly<Record<string, FieldLabel>>;
const L = CAPTACION_LABELS as unknown as Readonly<Record<keyof typeof CAPTACION_LABELS, Group>>;

/** A label of `group` with the context a list of fields without headings needs ('Teléfono del propietario'). */
const within = (group: Group, suffix: string) => (key: string): string | undefined => {
  const l = group[key];
  return l ? `${l.shown} ${suffix}` : undefined;
};
const printed = (group: Group) => (key: string): string | undefined => group[key]?.printed;

/**
 * The label of a field of a stored captación named by its path, as a rejected change lists what
 * the person typed ('propietario.telefono' -> 'Teléfono del propietario', 'referencias_personales[2].nombre'
 * -> 'Nombre de la referencia 2'); undefined for a path no screen asks for.
 */
export function captacionPathLabel(path: string): string | undefined {
  const m = /^([a-z_]+)(?:\[(\d+)\])?(?:\.([a-zñ_]+))?(?:\[(\d+)\])?(?:\.([a-zñ_0-9]+))?$/.exec(path);
  if (!m) return undefined;
  const [, root, rootIndex, second, secondIndex, third] = m;
  switch (root) {
    case 'propietario':
      return second ? within(L.propietario, 'del propietario')(second) : undefined;
    case 'propiedad':
      if (second === 'tipo') return L.propiedad.tipo.printed;
      if (second === 'direccion' && third) return within(L.propiedad, 'de la propiedad')(third);
      if (second === 'caracteristicas' && third) return within(L.propiedad, 'de la propiedad')(third);
      if (second === 'adeudos' && secondIndex && third) return within(L.adeudo, `del adeudo ${secondIndex}`)(third);
      return undefined;
    case 'datos_laborales':
      return second ? printed(L.laborales)(second) : undefined;
    case 'referencias_personales':
      return rootIndex && second ? within(L.referencia, `de la referencia ${rootIndex}`)(second) : undefined;
    case 'documentos_entregados':
    case 'documentos':
      return second ? within(L.documentos, '(documentos)')(second) : undefined;
    case 'venta':
      if (second === 'comprador' && third) return printed(L.comprador)(third);
      if (second === 'documentos_entregados' && third) return within(L.documentosVenta, '(venta)')(third);
      return second ? printed(L.venta)(second) : undefined;
    case 'captacion':
      return second ? printed(L.captacion)(second) : undefined;
    default:
      return !second && !rootIndex ? printed(L.captacion)(root) : undefined;
  }
}
