/** The names and neighbourhoods the benchmarks' generated records are made of. */
export const NOMBRES = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Carlos', 'Patricia', 'Jorge'];
export const APELLIDOS = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Núñez'];
export const COLONIAS = ['Roma Sur', 'Narvarte', 'Del Valle', 'Coyoacán', 'Polanco', 'Condesa', 'Tlalpan', 'Lindavista'];
