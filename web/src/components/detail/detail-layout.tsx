import type { ReactNode } from 'react';
import classes from './detail.module.css';

/** Cards in two columns on wide screens (content, then facts and links), one column on phones. */
export function DetailColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div className={classes.layout}>
      <div className={classes.column}>{main}</div>
      <div className={classes.column}>{side}</div>
    </div>
  );
}
