import { testLane } from './test-db';

// A PostgreSQL lane without a server must fail loudly, not quietly test PGlite twice.
if (testLane() === 'postgres' && !process.env.DATABASE_URL_TEST) {
  throw new Error('TEST_DB=postgres but DATABASE_URL_TEST is not set');
}
