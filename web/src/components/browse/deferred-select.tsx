import { lazy, Suspense, useEffect, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { TextInput, type ComboboxProps, type MantineSize } from '@mantine/core';
import { afterPageShown } from '../../lib/page-shown.ts';
import classes from './deferred-select.module.css';

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
      rightSection={<Chevron size={props.size} />}
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

/**
 * Mantine's ComboboxChevron, drawn here: the component brought Combobox's class map and style
 * resolvers into the browse page's first download (1 KB gzipped) for one icon. The same path,
 * size (Mantine's --combobox-chevron-size-*) and colour (deferred-select.module.css).
 */
function Chevron({ size }: { size: MantineSize }) {
  return (
    <svg
      className={classes.chevron}
      style={{ '--chevron-size': `var(--combobox-chevron-size-${size})` } as CSSProperties}
      viewBox="0 0 15 15"
      fill="none"
      aria-hidden
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}
