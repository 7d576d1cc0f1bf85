// Which changes the Members list offers on a row. Whether the viewer may make them at all is the
// api's answer (the organization's viewerCan); a row only narrows it to what applies to that
// person's role: an owner is handed over, never removed, and no one manages themselves here
// (they Leave from the header).
import type { OrganizationRole } from '../../graphql/graphql';

export type MemberAction = 'makeOfficer' | 'removeOfficer' | 'transferOwnership' | 'remove';

type Abilities = { removeMembers: boolean; manageOfficers: boolean; transferOwnership: boolean };

export function memberActions(can: Abilities, role: OrganizationRole, isViewer: boolean): MemberAction[] {
  if (isViewer || role === 'OWNER') return [];
  const actions: MemberAction[] = [];
  if (can.manageOfficers) actions.push(role === 'OFFICER' ? 'removeOfficer' : 'makeOfficer');
  if (can.transferOwnership) actions.push('transferOwnership');
  // Officers remove members; an officer is first made a member again.
  if (can.removeMembers && role === 'MEMBER') actions.push('remove');
  return actions;
}
