export { contentForAdmin } from './content.ts';
export { mountExportRoutes } from './exports.ts';
export {
  adminHome,
  type CompanyForReview,
  type DepartmentForAdmin,
  departmentsForAdmin,
  RECENTLY_VALIDATED_LIMIT,
} from './overview.ts';
