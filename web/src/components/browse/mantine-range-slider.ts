// Mantine's RangeSlider alone, for year-range-filter.tsx's dynamic import: a module of its own,
// so the slider and its pointer handling land in a chunk of their own.
export { RangeSlider } from '@mantine/core';
