/**
 * A list inside a form (debts, references...): a card per item with its fields and a delete
 * button, a line when there are none, and the button that adds one.
 */
import { Button, Callout, Card } from '@blueprintjs/core';
import { FieldArray, getIn, useFormikContext } from 'formik';
import type { JSX, ReactNode } from 'react';
import { fieldId, useFormUi } from './form-ui';
import { BTN_ELIMINAR } from './texts';
import '../page/page.css';
import './form.css';

export interface FieldListProps<Item> {
  /** The array's path in the form values. */
  name: string;
  help: string;
  empty: string;
  addText: string;
  newItem: () => Item;
  /** 'Adeudo': titles 'Adeudo 1', 'Adeudo 2'... and names the delete buttons. */
  itemName: string;
  /** `data-testid` prefix of the cards ('adeudo' -> 'adeudo-1'). */
  testId: string;
  /** Show the problem of the list itself (a minimum count), once touched or after a save attempt. */
  listError?: boolean;
  children: (index: number) => ReactNode;
}

export function FieldList<Item>(props: FieldListProps<Item>): JSX.Element {
  const { name, help, empty, addText, newItem, itemName, testId, listError, children } = props;
  const { values, touched } = useFormikContext<object>();
  const { disabled, showAllErrors, issues } = useFormUi();
  const items = (getIn(values, name) as unknown[] | undefined) ?? [];
  const problem = listError ? issues.find((i) => i.param === name)?.msg : undefined;
  const showProblem = !!problem && (showAllErrors || getIn(touched, name) !== undefined);
  return (
    <FieldArray name={name}>
      {({ push, remove }) => (
        <>
          <Callout compact icon="info-sign" className="form-help">
            {help}
          </Callout>
          {showProblem ? (
            <p className="form-list-error" role="alert">
              {problem}
            </p>
          ) : null}
          {items.length === 0 ? <p className="page-empty">{empty}</p> : null}
          {items.map((_, i) => (
            <Card key={i} className="page-row-card" data-testid={`${testId}-${i + 1}`}>
              <div className="page-row-card__head">
                <strong>
                  {itemName} {i + 1}
                </strong>
                <Button
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  onClick={() => remove(i)}
                  disabled={disabled}
                  aria-label={`${BTN_ELIMINAR} ${itemName.toLowerCase()} ${i + 1}`}
                >
                  {BTN_ELIMINAR}
                </Button>
              </div>
              {children(i)}
            </Card>
          ))}
          {/* The list's own id: a refused save for too few items puts the focus here, on what fixes it. */}
          <Button id={fieldId(name)} onClick={() => push(newItem())} disabled={disabled} size="large" intent="primary" variant="outlined">
            {addText}
          </Button>
        </>
      )}
    </FieldArray>
  );
}
