import { existsSync } from 'node:fs';
import { isRole } from '../common/roles';
import { rolesService } from './admin/roles-service';
import { openDatabase } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { HttpError } from './platform/lib/http-error';

const USAGE = `Usage: npm run admin -- grant EMAIL admin|staff
       npm run admin -- revoke EMAIL [admin|staff]   (without a role: both)
Works on the database named by DATABASE_URL (default sqlite:./data/app.db).`;

/**
 * The operator's command line for staff roles: `grant EMAIL admin|staff` and `revoke EMAIL`,
 * against DATABASE_URL (SQLite or PostgreSQL). Changes are audited with no actor.
 */
export async function runAdminCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  const [command, email, roleArgument] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email || (command === 'grant' && !roleArgument)) return { code: 2, output: USAGE };
  if (roleArgument !== undefined && !isRole(roleArgument))
    return { code: 2, output: `Unknown role "${roleArgument}": use admin or staff.\n${USAGE}` };
  const database = await openDatabase(env.DATABASE_URL ?? 'sqlite:./data/app.db');
  try {
    await migrateToLatest(database.db);
    const service = rolesService(database.db, database.engine);
    const target = { email: email.trim().toLowerCase() };
    if (command === 'grant') {
      const result = await service.grant(null, target, roleArgument as 'admin' | 'staff');
      return {
        code: 0,
        output: `${result.email}: ${result.changed ? 'granted' : 'already had'} ${roleArgument}; roles now: ${result.roles.join(', ') || 'none'}`,
      };
    }
    let last = await service.revoke(null, target, roleArgument === 'staff' ? 'staff' : 'admin');
    if (roleArgument === undefined) last = await service.revoke(null, target, 'staff');
    return { code: 0, output: `${last.email}: roles now: ${last.roles.join(', ') || 'none'}` };
  } catch (error) {
    if (error instanceof HttpError) return { code: 1, output: error.message };
    throw error;
  } finally {
    await database.close();
  }
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    const { code, output } = await runAdminCommand(process.argv.slice(2), process.env);
    (code === 0 ? process.stdout : process.stderr).write(`${output}\n`);
    process.exit(code);
  } catch (error) {
    process.stderr.write(`admin: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && /admin-cli\.(js|ts)$/.test(process.argv[1])) void main();
