import { gte } from '../../infra/aws/lambda-semver';

// The stand-in for `semver` in the Lambda bundles answers the two questions the X-Ray SDK asks.
describe('lambda-semver gte', () => {
  it.each([
    ['22.11.0', '8.0.0', true],
    ['v22.11.0', '8.0.0', true],
    ['8.0.0', '8.0.0', true],
    ['7.10.1', '8.0.0', false],
    ['2.1000.0', '2.7.0', true],
    ['3.1.0-beta.1', '3.0.10', true],
  ])('%s >= %s is %s', (a, b, expected) => {
    expect(gte(a, b)).toBe(expected);
  });
});
