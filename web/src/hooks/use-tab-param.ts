import { useSearchParams } from 'react-router';

/**
 * A page's tab kept in its address (`?tab=`), so a reload, the back button or a shared link opens
 * the same one. The first of `tabs` is the default, and leaves the address bare.
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((known) => known === asked) ?? tabs[0];
  const select = (next: T) =>
    setParams(
      (current) => {
        if (next === tabs[0]) current.delete('tab');
        else current.set('tab', next);
        return current;
      },
      { preventScrollReset: true },
    );
  return [tab, select];
}
