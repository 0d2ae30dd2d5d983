/**
 * The web APIs couch-design may use: only those every runtime it serves offers alike (browsers and
 * Node 20), declared by hand because its tsconfig has the ECMAScript library alone. Adding one here
 * is a decision: anything else of the DOM or of Node does not compile in couch-design.
 * Only couch-design/tsconfig.json reads this file; the root tsconfig has the full DOM and Node types.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly href: string;
  readonly protocol: string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
