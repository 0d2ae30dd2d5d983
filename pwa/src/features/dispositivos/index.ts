/**
 * A person's devices, drawn inside other features' screens (app/ composes them, features never
 * import each other): 'Mis dispositivos' in the own profile, and a person's devices with
 * 'Cerrar sesión en todos los dispositivos' in an admin's user screen and 'Estado del sistema'.
 */
export { MisDispositivos } from './MisDispositivos';
export { PersonaDispositivos, type PersonaDispositivosProps } from './PersonaDispositivos';
