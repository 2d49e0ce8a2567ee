// npm run seed [-- --force]: loads a demo season into the configured database (never runs by itself).
import { createChampionService } from '../src/server/champions/service.js';
import { loadConfig } from '../src/server/config.js';
import { migrate } from '../src/server/db/migrate.js';
import { createEventHub } from '../src/server/events/hub.js';
import { hasData, seedDemoSeason } from '../src/server/seed/demo-season.js';
import { createTeamService } from '../src/server/teams/service.js';
import { createTournamentService } from '../src/server/tournaments/service.js';
import { openDatabaseForCommand } from './open-database.js';

const force = process.argv.includes('--force');
const config = loadConfig();
const database = await openDatabaseForCommand(config, 'then run npm run seed again');
try {
  await migrate(database);
  const { db } = database;
  if ((await hasData(db)) && !force) {
    console.error('The database already holds tournaments or champions. Run `npm run seed -- --force` to add the demo season anyway.');
    process.exitCode = 1;
  } else {
    const now = () => new Date();
    // Nobody listens: no process caches reads of this script's database.
    const events = createEventHub();
    // Seeded teams are confirmed or hold their spot for a day, so the demo stays full of life.
    const { tournamentId } = await seedDemoSeason(db, {
      tournaments: createTournamentService(db, now, events),
      teams: createTeamService(db, now, 24 * 60, events),
      champions: createChampionService(db, now, events),
    });
    console.log(`Demo season loaded: live tournament ${tournamentId}, 12 teams, 4 champions.`);
  }
} finally {
  await database.close();
}
