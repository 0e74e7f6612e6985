// Mantine's Select alone, for deferred-select.tsx's dynamic import: a module of its own, so the
// Select and its dropdown machinery land in a chunk of their own.
export { Select } from '@mantine/core';
