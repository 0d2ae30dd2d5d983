/**
 * Runs before each test file of `npm run test:couchdb`: whatever CouchDB test store a file left
 * open (a test that failed midway, a gateway stopped with keepStore) is closed after the file,
 * deleting its databases.
 */
import { afterAll } from 'vitest';
import { dropOpenCouchStores } from './store';

afterAll(dropOpenCouchStores);
