/**
 * A slot: a place in one feature's screen where other features put sections, without the two
 * importing each other (features never do). The screen's feature creates the slot and renders it
 * (`slot.Outlet`); `app/` fills it (`slot.Provider`) with what the other features contribute,
 * each loaded when first drawn (React.lazy) so a section never weighs on the screen's own code.
 */
import { createContext, Suspense, useContext, type ComponentType, type Context, type JSX } from 'react';
import { Feedback } from './feedback';

/** What a feature contributes to a slot: its section, and whatever else the slot's screen asks of it. */
export type SlotEntry<Props, Extra = object> = { key: string; Section: ComponentType<Props> } & Extra;

export interface Slot<Props, Extra = object> {
  Provider: Context<readonly SlotEntry<Props, Extra>[]>['Provider'];
  /** The entries given by app/. */
  useEntries(): readonly SlotEntry<Props, Extra>[];
  /** Draws every section, each with a loading state of its own. */
  Outlet(props: Props): JSX.Element;
}

export function createSlot<Props extends object, Extra = object>(): Slot<Props, Extra> {
  const context = createContext<readonly SlotEntry<Props, Extra>[]>([]);
  const useEntries = () => useContext(context);
  function Outlet(props: Props): JSX.Element {
    return (
      <>
        {useEntries().map(({ key, Section }) => (
          <Suspense key={key} fallback={<Feedback kind="loading" />}>
            <Section {...props} />
          </Suspense>
        ))}
      </>
    );
  }
  return { Provider: context.Provider, useEntries, Outlet };
}
