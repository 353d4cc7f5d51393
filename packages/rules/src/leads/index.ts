/**
 * Leads (spec sections 3, 4 and 7): lead status and profile completion, where each form's lead is mailed, and the
 * text and ADF 1.0 emails built from a lead. Pure functions: the app's relay does the sending.
 */

export { ShowroomRulesError, type ShowroomRulesErrorCode } from "../shared/errors";
export { formatRuleProblem, RuleFileError, type RuleProblem } from "../shared/rule-file";
export { ADF_ID_SOURCE, type BuiltLead, buildAdfLead, DEFAULT_ADF_PROVIDER_NAME } from "./adf-lead";
export { buildLead } from "./build-lead";
export {
  type CreditApplicationLeadOptions,
  type CreditApplicationSource,
  creditApplicationLead,
} from "./credit-application";
export { defaultLeadDestinations } from "./default-destinations";
export {
  type AdfProvider,
  adfProviderSchema,
  type DestinationSettings,
  destinationNameSchema,
  destinationSettingsSchema,
  type LeadDestination,
  type LeadDestinations,
  leadDestinationsSchema,
} from "./destination.schema";
export {
  contactFormKind,
  DEFAULT_SUBJECT,
  type InquiryTarget,
  leadRecipients,
  resolveDestination,
} from "./destinations";
export {
  type CreditApplicationReference,
  creditApplicationReferenceSchema,
  FORM_KINDS,
  type FormKind,
  LEAD_KINDS,
  type Lead,
  type LeadAddress,
  type LeadAppointment,
  type LeadAttachment,
  type LeadKind,
  type LeadStore,
  type LeadUser,
  type LeadVehicle,
  type LeadVendor,
  leadAddressSchema,
  leadAppointmentSchema,
  leadAttachmentSchema,
  leadKindSchema,
  leadSchema,
  leadStoreSchema,
  leadUserSchema,
  leadVehicleSchema,
  leadVendorSchema,
  type SellOffer,
  type SellOfferDeduction,
  type SellVehicle,
  type StaffMember,
  sellOfferDeductionSchema,
  sellOfferSchema,
  sellVehicleSchema,
  staffMemberSchema,
  VEHICLE_INTERESTS,
  type VehicleFinance,
  type VehicleInterest,
  vehicleFinanceSchema,
} from "./lead.schema";
export {
  ADF_LEAD_COOKIE,
  appointmentStatus,
  financingSubmissionNeeded,
  isEmptyProfile,
  isEmptyValue,
  leadStatus,
  type ProspectStatus,
  type StoredProfile,
  saveProfile,
} from "./status";
export { cleanText, formatLeadPhone, LEAD_KIND_LABELS } from "./text-format";
export { buildTextLead } from "./text-lead";
export { escapeXml } from "./xml";
