export { EVERY_RECORD, type Resource, type ResourceSource, type WritableResource } from './resource';
export { localResource, type LocalResourceOptions } from './local';
export { restResource, type RestResourceOptions } from './rest';
export { NEEDS_NETWORK, useLoad, useRecord, useResourceList, type Loadable } from './hooks';
