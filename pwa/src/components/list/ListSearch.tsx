import { InputGroup } from '@blueprintjs/core';
import type { JSX } from 'react';
import './list.css';

/** The search box above a list; the placeholder is also its accessible name. */
export function ListSearch({ value, onChange, placeholder }: { value: string; onChange: (q: string) => void; placeholder: string }): JSX.Element {
  return (
    <InputGroup
      className="list-search"
      type="search"
      leftIcon="search"
      size="large"
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
