/** Types of eslint-zones.js (plain JavaScript, so eslint.config.js loads it without a build). */
export function zoneViolation(file: string, target: string, opts?: { lazy?: boolean }): string | null;
export const zonesPlugin: { rules: Record<string, import('eslint').Rule.RuleModule> };
