/**
 * prop-types for the islands' build (vite.config.ts). A production build of prop-types checks
 * nothing (its factoryWithThrowingShims); these are the same no-ops, as an ES module: the package
 * is CommonJS, and its interop code would land in the islands' entry, which every content page
 * loads, only for the payment form (react-stripe-js) that /register loads later.
 */
type Checker = (() => null) & { isRequired: () => null };
const checker: Checker = Object.assign(() => null, { isRequired: () => null });
const checkerOf = () => checker;

const PropTypes = {
  any: checker,
  array: checker,
  bigint: checker,
  bool: checker,
  func: checker,
  number: checker,
  object: checker,
  string: checker,
  symbol: checker,
  node: checker,
  element: checker,
  elementType: checker,
  instanceOf: checkerOf,
  oneOf: checkerOf,
  oneOfType: checkerOf,
  arrayOf: checkerOf,
  objectOf: checkerOf,
  shape: checkerOf,
  exact: checkerOf,
  checkPropTypes: () => undefined,
  resetWarningCache: () => undefined,
};

export default PropTypes;
