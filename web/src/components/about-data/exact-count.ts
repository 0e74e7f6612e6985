import { formatNumber } from '@sciai/core';

/** A count written out in full (2,099, not 2.1K): /about/data states the catalog's exact figures. */
export const exactCount = (value: number) => formatNumber(value);
