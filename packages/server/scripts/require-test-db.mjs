// Guard for `npm run test:pg`: the server suite on a real PostgreSQL server. Each test file then
// creates its own `fuel_test_<random>` database through TEST_DATABASE_URL and drops it afterwards
// (test/helpers/database.ts). PGlite is one session, so races only show up on PostgreSQL.
const url = process.env.TEST_DATABASE_URL?.trim();
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error(
    "test:pg needs TEST_DATABASE_URL, a PostgreSQL URL whose user may CREATE DATABASE, e.g.\n" +
      "  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:pg",
  );
  process.exit(2);
}
