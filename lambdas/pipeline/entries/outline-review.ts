// Lambda entry of the state machine's OutlineReview (and OutlineKept) states; the code is in ../outline-review.ts.
export { outlineReview as handler } from '../handler';
