// Test-only: the recorded kube-apiserver 1.20.2 responses live in tests/fixtures (one reader for the whole tree).
export { fixturePath, readFixture, readJsonFixture } from '../../tests/fixtures/recorded.js';
