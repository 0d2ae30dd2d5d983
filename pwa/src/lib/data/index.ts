export type { Resource, ResourceSource, WritableResource } from './resource';
export { restResource, type RestResourceOptions } from './rest';
export { NEEDS_NETWORK, useLoad, useRecord, useResourceList, type Loadable } from './hooks';
