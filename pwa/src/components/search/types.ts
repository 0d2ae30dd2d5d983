/** What a search source answers (the top bar's search draws it; each feature says how it searches). */
export interface SearchHit {
  /** Unique within its source. */
  key: string;
  title: string;
  /** A second line: the address, the e-mail. */
  detail?: string;
  /** Where the hit leads. */
  href: string;
}

export interface SearchSource {
  /** The group's heading: 'Captaciones', 'Usuarios'... */
  group: string;
  /** At most a handful of hits, best first; a source that needs the network rejects with a DataError offline. */
  search(query: string): Promise<SearchHit[]>;
}
