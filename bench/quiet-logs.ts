/**
 * The benches' gateways run in their own process: one access-log line per request would bury the
 * figures (and cost time of their own), so only warnings and errors come out unless LOG_LEVEL asks.
 */
import { log, LOG_LEVELS, type LogLevel } from '../sync-server/src/log';

const asked = process.env.LOG_LEVEL as LogLevel | undefined;
log.level = asked && LOG_LEVELS.includes(asked) ? asked : 'warn';
