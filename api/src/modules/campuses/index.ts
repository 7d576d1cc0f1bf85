/** campuses: the campuses a deployment serves, their e-mail domains, who may sign up, campus scope. Its public surface. */
export { Campus, CampusDomain } from './campus.entity';
export { CAMPUS_MESSAGES, CampusScope, SignUpCheck, type SignupMode } from './campus.types';
export { CampusService, type CampusDraft } from './campus.service';
export { CampusResolver } from './campus.resolver';
export { campusDomain, emailDomain, matchDomain } from './campus-domains';
export { campusScopedPostsSql, mineOnly, viewerCampusSql } from './campus-scope';
