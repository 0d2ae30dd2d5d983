/**
 * Deleting the selected row of a REST list screen: the delete flow (question, notice), and once a
 * delete worked, the row unselected and the list loaded again, so no screen repeats those steps.
 */
import { useDeleteFlow, type DeleteFlow, type DeleteFlowOptions } from './delete-flow';
import type { ListController } from './use-list';

export interface ListDeleteOptions<T> extends Omit<DeleteFlowOptions<T>, 'removed'> {
  /** What the screen forgets of the deleted row (a copy kept for its detail screen), before the list loads again. */
  removed?: (row: T) => void;
}

export function useListDelete<T>(list: ListController<T>, { removed, ...opts }: ListDeleteOptions<T>): DeleteFlow<T> {
  return useDeleteFlow<T>({
    ...opts,
    removed: (row) => {
      removed?.(row);
      list.setSelected(null);
      list.reload();
    },
  });
}
