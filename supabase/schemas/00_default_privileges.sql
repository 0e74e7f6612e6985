-- What a new table, view or sequence in `public` starts with: nothing for anon and authenticated,
-- the roles the browser's keys act as. Each table's grants to them are written beside it, in its
-- own file, so a table nobody granted is out of reach of the Data API whatever its policies say
-- (docs/decisions/0081-new-tables-private-by-default.md). The service role keeps its default:
-- it is the operator's, and bypasses row-level security anyway. Functions keep PostgreSQL's
-- default (execute for everyone): each says whom it serves with its own revokes and grants.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
