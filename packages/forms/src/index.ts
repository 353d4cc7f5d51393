/**
 * @showroom/forms: one zod 4 schema per Showroom form, with the specification's messages word for word, shared by
 * the browser (Conform) and the server (React Router actions). Field rules build on `@showroom/rules/profile` so the
 * rules and the forms agree on what a valid email or phone is.
 */

export {
  type CareersInput,
  type CareersSubmission,
  careersSchema,
  createCareersSchema,
  isPlainFileName,
  resumeFileSchema,
} from "./careers/careers.schema";
export { detectResumeKind, RESUME_MIME_TYPES, type ResumeKind, sniffResumeBytes } from "./careers/resume-file";
export {
  type ContactInput,
  type ContactSubmission,
  contactSchema,
  inquiryTopicSchema,
} from "./contact/contact.schema";
export {
  CONTACT_LEAD_KIND_BY_TOPIC,
  type ContactLeadKind,
  contactLeadKind,
  INQUIRY_TOPICS,
  type InquiryTopicId,
  inquiryTopicLabel,
} from "./contact/inquiry-topics";
export {
  COUNTRY,
  countrySchema,
  LEAD_ADDRESS_TYPES,
  leadAddressSchema,
  optionalGroup,
  stateSchema,
  US_STATES,
  type UsStateCode,
  visitorAddressSchema,
  zipCodeSchema,
} from "./fields/address";
export { emailSchema, optionalPhoneSchema, phoneSchema } from "./fields/contact-fields";
export { DEALER_TIME_ZONE, defaultFormContext, type FormContext, fixedFormContext, todayIn } from "./fields/context";
export { ageOn, DATE_PATTERN, dateOfBirthSchema, dateSchema, isCalendarDate } from "./fields/date";
export { formMeta, HONEYPOT_FIELD, IDEMPOTENCY_FIELD, isHoneypotFilled } from "./fields/form-meta";
export { checkFormShape, FORM_SHAPE_LIMITS, type FormShapeProblem } from "./fields/form-shape";
export { isBlankGroup, isEmpty } from "./fields/is-empty";
export { moneySchema, parseMoneyInput, parseWholeNumberInput, wholeNumberSchema } from "./fields/numbers";
export { profileShape } from "./fields/profile-fields";
export { isIssuableSsnParts, isValidSsn, normalizeSsn, SSN_PATTERN, ssnSchema } from "./fields/ssn";
export {
  blankAsMissing,
  blankToUndefined,
  commentsSchema,
  firstNameSchema,
  lastNameSchema,
  messageSchema,
  middleNameSchema,
  optionalChoice,
  optionalText,
  requiredChoice,
  requiredText,
} from "./fields/text";
export { optionalVinSchema, VIN_PATTERN } from "./fields/vin";
export {
  APPLICANT_DEFAULTED_KEYS,
  applicantShape,
  applicantUserSchema,
  employmentHistorySchema,
  employmentMonths,
  employmentSchema,
  HOUSING_STATUSES,
  type HousingStatus,
  INCOME_TYPES,
  type IncomeType,
  NAME_SUFFIXES,
  residenceHistorySchema,
  residenceMonths,
  residenceSchema,
} from "./financing/applicant";
export {
  type ApplyFinancingInput,
  type ApplyFinancingSubmission,
  applyFinancingSchema,
} from "./financing/apply-financing.schema";
export {
  coveredMonths,
  type EntryList,
  entryCount,
  type FlatValues,
  flat,
  keepSsns,
  postedValues,
  ssnLast4,
  stepFields,
  withoutSsns,
} from "./financing/credit-application-entries";
export { eventForIntent } from "./financing/credit-application-intents";
export { creditApplicationValidator } from "./financing/credit-application-validator";
export {
  createFullCreditApplicationSchema,
  createFullCreditStepSchemas,
  FULL_CREDIT_STEPS,
  type FullCreditApplication,
  type FullCreditApplicationInput,
  type FullCreditStep,
  fullCreditApplicationSchema,
  fullCreditStepOf,
} from "./financing/full-credit.schema";
export {
  ESTIMATOR_MODEL_YEARS,
  estimatorModelYears,
  hasPaymentEstimate,
  PAYMENT_ESTIMATE_FIELDS,
  type PaymentEstimateChoices,
  type PaymentEstimateField,
  paymentEstimateChoicesSchema,
  readPaymentEstimateChoices,
} from "./financing/payment-estimate.schema";
export {
  FORM_METADATA,
  FORM_NAMES,
  type FormMetadata,
  type FormName,
  type LeadFormKind,
  takesPhone,
} from "./forms";
export {
  type AlertManageSubmission,
  type AlertSubscribeInput,
  type AlertSubscribeSubmission,
  alertManageIntent,
  alertManageSchema,
  alertSubscribeSchema,
} from "./inventory/alert.schema";
export {
  type PrivateInventoryUnlockInput,
  type PrivateInventoryUnlockSubmission,
  privateInventoryUnlockSchema,
} from "./inventory/private-inventory.schema";
export {
  type SavedVehicleInput,
  type SavedVehicleSubmission,
  savedVehicleSchema,
} from "./inventory/saved-vehicle.schema";
export {
  createTestDriveSchema,
  createTestDriveStepSchemas,
  type TestDriveInput,
  type TestDriveOptions,
  type TestDriveStepOptions,
  type TestDriveSubmission,
  TIME_PATTERN,
  testDriveSchema,
  timeSchema,
} from "./inventory/test-drive.schema";
export {
  type UnlockPriceContactInput,
  type UnlockPriceContactSubmission,
  unlockPriceContactSchema,
  unlockPriceJourneySchema,
  unlockPricePostSchema,
  unlockPriceStepSchemas,
} from "./inventory/unlock-price.schema";
export { type LeadUser, type LeadUserInput, leadUserSchema, leadUserShape } from "./leads/lead-user.schema";
export { MAX_LENGTH, NUMBER_LIMITS, RESUME_LIMITS, VERIFICATION_CODE_DIGITS } from "./limits";
export {
  MESSAGES,
  SPEC_MESSAGES,
  testDriveClosedMessage,
  type VehicleField,
  vehicleFieldMessage,
} from "./messages";
export {
  formatPhone,
  isNanpPhone,
  nationalDigits,
  PHONE_MASKS,
  PHONE_PLACEHOLDER,
  type PhoneMask,
} from "./phone/format-phone";
export {
  codeVerificationSchema,
  isVerifiablePhone,
  type PhoneVerificationInput,
  type PhoneVerificationRequest,
  phoneValidationSchema,
  phoneVerificationSchema,
  VERIFIABLE_PHONE_PATTERN,
  verificationCodeSchema,
} from "./phone-verification/phone-verification.schema";
export {
  type PopupLeadInput,
  type PopupLeadSubmission,
  popupLeadSchema,
} from "./popups/popup-lead.schema";
export {
  type VisitorProfileInput,
  type VisitorProfileValues,
  visitorProfileSchema,
} from "./profile/visitor-profile.schema";
export {
  answerField,
  answerFieldsShape,
  createQuestionnaireAnswersSchema,
  type QuestionnaireAnswersInput,
  type QuestionnaireAnswersSubmission,
  type QuestionnaireSchemaOptions,
  questionnaireAnswersSchema,
  readAnswerFields,
} from "./sell/questionnaire.schema";
export {
  createSellFormSchema,
  SELL_INTERESTS,
  type SellFormInput,
  type SellFormSubmission,
  sellFormSchema,
  sellVehicleShape,
} from "./sell/sell.schema";
export {
  createSellJourneySchemas,
  type SellJourneySchemaOptions,
  type SellJourneySchemas,
  type SellOfferPost,
} from "./sell/sell-journey.schema";
export {
  type StaffMessageInput,
  type StaffMessageSubmission,
  staffMessageSchema,
  staffSlugSchema,
} from "./staff/staff-message.schema";
export { TCPA_DISCLAIMER } from "./tcpa";
