import { submitApplicationRequest, type ApplicationRequestForm } from '../application-requests.ts';
import { requireCaller, type CommerceContext } from '../context.ts';
import { whatsappOptin } from '../whatsapp.ts';

// SPEC 2.4, 7.2: guests and users alike may ask for a callback or opt in to WhatsApp.
export const requestResolvers = {
  Mutation: {
    groupTicketsApplicationRequest: (_: unknown, { form }: { form: ApplicationRequestForm }, context: CommerceContext) =>
      submitApplicationRequest(context.db, requireCaller(context), 'GROUP', form, context.clock()),
    premiumBoxApplicationRequest: (_: unknown, { form }: { form: ApplicationRequestForm }, context: CommerceContext) =>
      submitApplicationRequest(context.db, requireCaller(context), 'PREMIUM_BOX', form, context.clock()),
    whatsappOptin: (
      _: unknown,
      { input }: { input: { phoneNumber: string; orderId?: string | null; locale: string } },
      context: CommerceContext,
    ) => whatsappOptin(context.db, requireCaller(context), input, context.clock()),
  },
};
