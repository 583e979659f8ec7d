// Test-only: the recorded kube-apiserver responses live in tests/fixtures (one reader for the whole tree): the
// default readers give 1.20.2's (an old server), recording('1.37.2') a current one's.
export { fixturePath, readFixture, readJsonFixture, recording } from '../../tests/fixtures/recorded.js';
