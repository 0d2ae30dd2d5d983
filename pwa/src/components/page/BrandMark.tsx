import type { JSX } from 'react';
import { BRAND_NAME } from '../../lib/titles';

/** The firm's logo and name, over the screens outside the shell (sign-in, unlock, public sign-up). */
export function BrandMark({ className }: { className: string }): JSX.Element {
  return (
    <div className={className}>
      <img src="/favicon.svg" alt="" width={40} height={40} />
      <span>{BRAND_NAME}</span>
    </div>
  );
}
