/** The PostgreSQL the tests use when TEST_DATABASE_URL does not name another. */
export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
