export { acceptRecruiterInvitation, invitationOf, inviteRecruiter } from './invitations.ts';
export { answerJoinRequest, requestToJoinCompany } from './join-requests.ts';
export { myTeam, removeRecruiter, setRecruiterRole, teamSpeakersFor } from './team.ts';
