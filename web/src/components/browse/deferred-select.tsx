import { lazy, Suspense, useEffect, useState, type KeyboardEvent } from 'react';
import { ComboboxChevron, TextInput, type ComboboxProps, type MantineSize } from '@mantine/core';
import { afterPageShown } from '../../lib/page-shown.ts';

const loadSelect = () => import('./mantine-select.ts').then((module) => ({ default: module.Select }));
const Select = lazy(loadSelect);
const preload = () => void loadSelect().catch(() => undefined);

interface DeferredSelectProps {
  id: string;
  label: string;
  size: MantineSize;
  data: Array<{ value: string; label: string }>;
  value: string;
  allowDeselect?: boolean;
  comboboxProps?: ComboboxProps;
  classNames?: Partial<Record<'root' | 'label' | 'wrapper', string>>;
  onChange: (value: string | null) => void;
}

/**
 * A Mantine Select whose dropdown machinery (Combobox, Popover, the floating layer: about a
 * third of the browse page's own code) loads once the page is on screen and the browser is
 * idle, not before the page answers (docs/decisions/0048-catalog-reads-before-auth.md). Until
 * then the same field, read-only, shows the current choice; pressing it (or Enter, Space or an
 * arrow key on it) loads the Select and opens it at once.
 */
export function DeferredSelect(props: DeferredSelectProps) {
  const [phase, setPhase] = useState<'placeholder' | 'loaded' | 'opening'>('placeholder');
  useEffect(
    () =>
      afterPageShown(() => {
        loadSelect().then(
          () => setPhase((current) => (current === 'placeholder' ? 'loaded' : current)),
          () => undefined,
        );
      }),
    [],
  );

  const open = () => setPhase('opening');
  const placeholder = (
    <TextInput
      id={props.id}
      label={props.label}
      size={props.size}
      classNames={props.classNames}
      value={props.data.find((option) => option.value === props.value)?.label ?? ''}
      readOnly
      pointer
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      rightSection={<ComboboxChevron size={props.size} />}
      rightSectionPointerEvents="none"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) {
          event.preventDefault();
          open();
        }
      }}
    />
  );
  if (phase === 'placeholder') return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Select
        {...props}
        onChange={(value) => props.onChange(typeof value === 'string' ? value : null)}
        {...(phase === 'opening' && { defaultDropdownOpened: true, autoFocus: true })}
      />
    </Suspense>
  );
}
