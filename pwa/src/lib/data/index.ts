export { EVERY_RECORD, type Resource, type ResourceSource, type WritableResource } from './resource';
export { localResource, writableLocalResource, type LocalResource, type LocalResourceOptions, type RecordVersions, type WritableLocalResource } from './local';
export { restRecord, restResource, type RestRecord, type RestRecordOptions, type RestResourceOptions } from './rest';
export { localLoadable, NEEDS_NETWORK, useLoad, useLocalRead, useRecord, useResourceList, useVersions, type Loadable, type LocalLoadable } from './hooks';
export { DataError, isUnreachable, refusalMessage, RefusedAnswer, serverMessage, type DataErrorOptions } from './errors';
