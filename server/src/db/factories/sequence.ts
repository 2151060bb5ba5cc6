let n = 0;
/** A number unique within the test process, for names that must not collide. */
export const nextSeq = (): number => ++n;
