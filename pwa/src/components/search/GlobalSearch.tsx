/**
 * The top bar's 'Buscar...' box (spec 001 section 2.2 shows it without behaviour; a box that
 * does nothing is a dead control, issue 36): it asks each source the person may search (the
 * captaciones on the device; users and employees for an admin, through the gateway) and lists the
 * hits under it by group, each one tap or one Enter away. A combobox with a listbox (WAI-ARIA):
 * the focus stays in the box, the arrows move the active hit, Enter opens it, Escape closes.
 * On a phone the bar has no room for a box: a button opens the same search over the top of the page.
 *
 * The sources' code is loaded on the first search, never with the top bar.
 */
import { Button, InputGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isUnreachable } from '../../lib/data/errors';
import {
  SEARCH_CLOSE,
  SEARCH_HELP,
  SEARCH_HINT,
  SEARCH_LABEL,
  SEARCH_LOADING,
  SEARCH_OPEN,
  SEARCH_PLACEHOLDER,
  SEARCH_RESULTS,
  SEARCH_UNAVAILABLE,
  searchCount,
  searchEmpty,
  searchFailed,
  searchNeedsNetwork,
} from './texts';
import type { SearchHit, SearchSource } from './types';
import './search.css';

export type { SearchHit, SearchSource } from './types';

/** Fewer letters match half the records: nothing is asked until there are two. */
export const MIN_SEARCH_CHARS = 2;
/** Typing is not searching: the sources are asked once the keys pause this long. */
const TYPING_PAUSE_MS = 150;

interface GroupResult {
  group: string;
  hits: SearchHit[];
  /** Why this group could not answer, in Spanish. */
  problem?: string;
}

interface Results {
  query: string;
  groups: GroupResult[];
}

export interface GlobalSearchProps {
  /** The sources for the signed-in person, loaded on the first search. */
  loadSources: () => Promise<SearchSource[]>;
  /** A phone: a button that opens the search over the page instead of a box in the bar. */
  compact?: boolean;
}

async function ask(sources: SearchSource[], query: string): Promise<GroupResult[]> {
  const answers = await Promise.allSettled(sources.map((s) => s.search(query)));
  return answers.map((a, i) => {
    const group = sources[i].group;
    if (a.status === 'fulfilled') return { group, hits: a.value };
    console.warn(`La búsqueda en ${group} falló.`, a.reason);
    return { group, hits: [], problem: isUnreachable(a.reason) ? searchNeedsNetwork(group) : searchFailed(group) };
  });
}

export function GlobalSearch({ loadSources, compact = false }: GlobalSearchProps): JSX.Element {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [active, setActive] = useState(-1);
  const [focused, setFocused] = useState(false);
  const [openOnPhone, setOpenOnPhone] = useState(false);
  const sources = useRef<Promise<SearchSource[]> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  const listId = `${ids}-lista`;
  const helpId = `${ids}-ayuda`;
  const optionId = (i: number) => `${ids}-r${i}`;

  const trimmed = query.trim();
  const ready = trimmed.length >= MIN_SEARCH_CHARS;
  const current = results && results.query === trimmed ? results : null;
  const hits = current ? current.groups.flatMap((g) => g.hits) : [];

  useEffect(() => {
    if (!ready) return;
    let live = true;
    const timer = setTimeout(() => {
      sources.current ??= loadSources().catch((err: unknown) => {
        sources.current = null;
        throw err;
      });
      void sources.current
        .then((list) => ask(list, trimmed))
        .then(
          (groups) => live && setResults({ query: trimmed, groups }),
          (err: unknown) => {
            console.warn('No se pudo cargar la búsqueda.', err);
            if (live) setResults({ query: trimmed, groups: [{ group: SEARCH_LABEL, hits: [], problem: SEARCH_UNAVAILABLE }] });
          },
        );
    }, TYPING_PAUSE_MS);
    setActive(-1);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // loadSources changes with the person only; the sources loaded stay valid for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trimmed, ready]);

  const close = () => {
    setQuery('');
    setResults(null);
    setActive(-1);
    setOpenOnPhone(false);
  };

  const open = (hit: SearchHit) => {
    close();
    input.current?.blur();
    navigate(hit.href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        if (hits.length) setActive((a) => (a + 1) % hits.length);
        break;
      case 'ArrowUp':
        if (hits.length) setActive((a) => (a <= 0 ? hits.length - 1 : a - 1));
        break;
      case 'Enter': {
        const hit = hits[active >= 0 ? active : 0];
        if (hit) open(hit);
        break;
      }
      case 'Escape':
        if (query) {
          setQuery('');
          setResults(null);
        } else {
          setOpenOnPhone(false);
        }
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const showPanel = (focused || openOnPhone) && trimmed.length > 0;
  const expanded = showPanel && hits.length > 0;
  let flat = -1;

  const field = (
    <div className="app-search__field">
      <InputGroup
        inputRef={input}
        className={compact ? undefined : 'app-topbar__search'}
        type="search"
        leftIcon="search"
        placeholder={SEARCH_PLACEHOLDER}
        aria-label={SEARCH_LABEL}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={helpId}
        autoComplete="off"
        autoFocus={compact}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        data-testid="global-search"
      />
      <span id={helpId} className="app-visually-hidden">
        {SEARCH_HELP}
      </span>
      {compact ? <Button variant="minimal" icon="cross" aria-label={SEARCH_CLOSE} title={SEARCH_CLOSE} onClick={close} /> : null}
    </div>
  );

  const panel = showPanel ? (
    <div className="app-search__panel" data-testid="global-search-panel">
      {!ready ? (
        <div className="app-search__note">{SEARCH_HINT}</div>
      ) : !current ? (
        <div className="app-search__note" role="status">
          <Spinner size={16} aria-hidden /> {SEARCH_LOADING}
        </div>
      ) : hits.length === 0 && current.groups.every((g) => !g.problem) ? (
        <div className="app-search__note" role="status">
          {searchEmpty(trimmed)}
        </div>
      ) : (
        <div className="app-search__note app-visually-hidden" role="status">
          {searchCount(hits.length)}
        </div>
      )}
      {current?.groups.filter((g) => g.problem).map((g) => (
        <div key={g.group} className="app-search__note app-search__problem">
          {g.problem}
        </div>
      ))}
      {/* Always in the page while the panel shows: the box's aria-controls names it. */}
      <div role="listbox" id={listId} aria-label={SEARCH_RESULTS}>
        {current?.groups
          .filter((g) => g.hits.length > 0)
          .map((g) => (
            <div role="group" aria-label={g.group} key={g.group} className="app-search__group">
              <div className="app-search__heading" aria-hidden>
                {g.group}
              </div>
              {g.hits.map((hit) => {
                flat++;
                const i = flat;
                return (
                  <div
                    key={hit.key}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className={`app-search__hit${i === active ? ' app-search__hit--active' : ''}`}
                    data-testid="global-search-hit"
                    // The box keeps the focus (and the list stays open) until the hit is opened.
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => open(hit)}
                  >
                    <span className="app-search__title">{hit.title}</span>
                    {hit.detail ? <span className="app-search__detail">{hit.detail}</span> : null}
                  </div>
                );
              })}
            </div>
          ))}
      </div>
    </div>
  ) : null;

  if (compact && !openOnPhone) {
    return <Button variant="minimal" icon="search" aria-label={SEARCH_OPEN} title={SEARCH_LABEL} onClick={() => setOpenOnPhone(true)} data-testid="global-search-open" />;
  }
  return (
    <div className={compact ? 'app-search app-search--phone' : 'app-search'} role="search">
      {field}
      {panel}
    </div>
  );
}
