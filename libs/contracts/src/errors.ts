/** Error and message texts of the spec (word for word) and of the platform, defined once. */
export const ERRORS = {
  // spec 1 §8
  loginFailed: 'Login failed',
  unexpectedApplicationError: 'Unexpected Application Error!',
  // server-side authentication and access
  invalidCredentials: 'Invalid email or password',
  accountInactive: 'Your account has been deactivated. Please contact your administrator.',
  tooManyLoginAttempts: 'Too many login attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  authenticationRequired: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  forbidden: 'You do not have permission to access this resource',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  serviceUnavailable: 'Service temporarily unavailable',
  internal: 'Internal server error',
  malformedJson: 'Request body is not valid JSON',
  payloadTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Unsupported media type',
  concurrencyConflict: 'The record was changed by someone else. Reload and try again.',
  userNotFound: 'User Not Found',
  // spec 3 profile
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordTooShort: 'New password must be at least 8 characters',
  newPasswordsDoNotMatch: 'New passwords do not match',
  failedToLoadProfile: 'Failed to load profile data',
  failedToUpdateProfile: 'Failed to update profile',
  failedToChangePassword: 'Failed to change password',
  emailCannotChange: 'Email cannot be changed',
  // spec 3 user form and the rules behind it
  emailAlreadyRegistered: 'A user with this email already exists',
  cliniciansNeedInstitution: 'Clinicians must be assigned to at least one institution',
  institutionNotFound: 'Institution not found',
  // spec 1 §5, §8: patients (clinical service)
  patientNotFound: 'Patient Not Found',
  atLeastOneInstitution: 'At least one institution must be selected',
  cliniciansOneInstitution: 'Clinicians can only select one institution',
  noCliniciansFound: 'No clinicians found for this institution',
  failedToDeletePatient: 'Failed to delete patient',
  failedToFetchPatientDetails: 'Failed to fetch patient details',
  failedToFetchPatient: 'Failed to fetch patient',
  failedToSavePatient: 'Failed to save patient',
  // spec 3 §5, §8: users and institutions (identity service)
  passwordRequiredForNewUsers: 'Password is required for new users',
  selectAtLeastOnePermission: 'Please select at least one menu permission',
  selectAtLeastOneCmsSubPermission: 'Please select at least one CMS sub-permission',
  noPermissionManageUsers: "You don't have permission to manage users.",
  noPermissionManageInstitutions: "You don't have permission to manage institutions.",
  failedToFetchUser: 'Failed to fetch user',
  failedToSaveUser: 'Failed to save user',
  failedToFetchInstitutions: 'Failed to fetch institutions',
  failedToFetchInstitutionDetails: 'Failed to fetch institution details',
  failedToFetchInstitution: 'Failed to fetch institution',
  failedToSaveInstitution: 'Failed to save institution',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  signOutFailed: 'Failed to sign out',
  superAdminHasNoInstitution: 'A super admin does not belong to an institution',
  institutionRequiredForRole: 'An institution is required for this role',
  // spec 1 §2, spec 2 §2, spec 3 §2 and §8: the Access Denied screen and the areas' permission messages
  accessDenied: 'Access Denied',
  noPermissionCreateTestRequests: "You don't have permission to create test requests.",
  noPermissionManageInventoryItems: "You don't have permission to manage inventory items.",
  noPermissionViewTestResults: "You don't have permission to view test results.",
  noPermissionEnterTestResults: "You don't have permission to enter test results.",
  noPermissionViewAnalytics: "You don't have permission to view analytics.",
  noPermissionManageCmsFields: "You don't have permission to manage CMS fields.",
  patientNotFoundOrNoAccess: 'The patient does not exist or you do not have access to it.',
  // spec 3 §5, §8: lab assignments and the CMS catalogue (clinical service)
  selectLabAndSampleType: 'Please select both a lab and sample type',
  labAssignmentNotFound: 'Lab assignment not found',
  failedToFetchAssignedLabs: 'Failed to fetch assigned labs',
  failedToAssignLab: 'Failed to assign lab',
  failedToRemoveLabAssignment: 'Failed to remove lab assignment',
  failedToSaveItem: 'Failed to save item',
  failedToFetchCollectionDevices: 'Failed to fetch collection devices',
  failedToSaveCollectionDevice: 'Failed to save collection device',
  failedToDeleteCollectionDevice: 'Failed to delete collection device',
  failedToUpdateCollectionDevice: 'Failed to update collection device',
  // spec 1 §5, §8: test requests (clinical service)
  testRequestNotFound: 'Test Request Not Found',
  pleaseSelectPatient: 'Please select a patient',
  allTestsNeedBarcodes: 'All tests must have barcode numbers',
  selectLaboratoryForAllTests: 'Please select a laboratory for all tests',
  selectOrderingClinician: 'Please select an ordering clinician',
  selectInstitutionForTestRequest: 'Please select an institution for this test request',
  institutionContextRequired: 'Institution context is required. Please contact your administrator.',
  deviceCapacityExceeded: 'Device Capacity Exceeded',
  pleaseEnterMessage: 'Please enter a message',
  failedToFetchTestRequestDetails: 'Failed to fetch test request details',
  failedToFetchTestRequest: 'Failed to fetch test request',
  failedToSaveTestRequest: 'Failed to save test request',
  archiveFailed: 'Archive failed',
  restoreFailed: 'Restore failed',
  failedToUpdateStatus: 'Failed to update status',
  failedToSendNotification: 'Failed to send notification',
  // The spec gives no text for this; a patient's test requests would lose their patient.
  patientHasTestRequests: 'Cannot delete a patient who has test requests',
} as const;

export const MESSAGES = {
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  // The spec gives no texts for these; worded as its own success messages are (spec 3 §8).
  patientDeleted: 'Patient deleted successfully',
  userDeactivated: 'User deactivated successfully',
  userReactivated: 'User reactivated successfully',
  // spec 3 §8
  labAssigned: 'Lab assigned successfully',
  labAssignmentRemoved: 'Lab assignment removed successfully',
  // The spec gives no texts for these; worded as its own success messages are.
  testRequestArchived: 'Test request archived successfully',
  testRequestRestored: 'Test request restored successfully',
  notificationRequested: 'Notification queued for delivery',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** The JSON body of every failure (docs/architecture.md §5). */
export interface ErrorBody {
  error: string;
}

/**
 * The server's field errors for patient rules beyond spec 1 §5's own texts (those are in ERRORS). Each
 * names its field, like every 400 of the platform. An institution outside the caller's scope answers as an
 * unknown one does, so a caller learns nothing about other tenants.
 */
export const PATIENT_FIELD_ERRORS = {
  unknownInstitution: 'institution_ids: unknown institution',
  clinicianRequired: 'clinician_id: is required when the institution has clinicians',
  notAClinicianOfInstitution: 'clinician_id: is not an active clinician of the institution',
  medicalRecordNumberTaken: 'medical_record_number: is already used by another patient of this institution',
} as const;
