/**
 * Our Team and a member's page, as one module: the site's script loads it only there (the server
 * renders them from here too), so the other pages carry none of their code.
 */
export { MemberPage } from './pages/member-page';
export { TeamPage } from './pages/team-page';
