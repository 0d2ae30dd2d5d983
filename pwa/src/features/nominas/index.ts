/**
 * What app/ composes into other features' pages: the employee profile's payroll
 * (`renderPayroll`) and the own profile's 'Nóminas' tab (`renderPayslips`). The screens are
 * default exports of their own files, loaded lazily by the route table.
 */
export { EmpleadoNominas, type EmpleadoNominasProps } from './EmpleadoNominas';
export { PerfilNominas, type PerfilNominasProps } from './PerfilNominas';
