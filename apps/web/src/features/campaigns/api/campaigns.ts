/**
 * Email campaign calls (issue 20 "Campaigns"; docs/campaigns.md) over contracts' `emailCampaignEndpoints`: the
 * campaigns, one campaign (polled while it sends), its recipients, the recipients chooser, the preview, creating,
 * sending and cancelling.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailCampaignEndpoints as e,
  type CampaignInput,
  type CampaignPreviewInput,
  type EmailCampaign,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const campaignKeys = {
  all: ['email-campaigns'] as const,
  list: ['email-campaigns', 'list'] as const,
  one: (id: string) => ['email-campaigns', 'one', id] as const,
  recipients: (id: string) => ['email-campaigns', 'recipients', id] as const,
  candidates: ['email-campaigns', 'candidates'] as const,
  preview: (input: CampaignPreviewInput) => ['email-campaigns', 'preview', input] as const,
};

/** Whether a campaign is still sending (or waiting to): its page polls then. */
export const isActive = (campaign: Pick<EmailCampaign, 'status'> | undefined) =>
  campaign?.status === 'PENDING' || campaign?.status === 'IN_PROGRESS';

/** Every campaign, newest first; polled every 2 s while one is sending. */
export const useCampaigns = () =>
  useQuery({
    queryKey: campaignKeys.list,
    queryFn: ({ signal }) => apiCall(e.findEmailCampaigns, { signal }),
    refetchInterval: (query) => (query.state.data?.items.some(isActive) ? 2000 : false),
  });

/** One campaign with its live counts; polled every second while it sends. */
export const useCampaign = (id: string) =>
  useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: ({ signal }) => apiCall(e.getEmailCampaign, { params: { id }, signal }),
    refetchInterval: (query) => (isActive(query.state.data) ? 1000 : false),
  });

/**
 * A campaign's recipients, read again whenever the campaign's status or counts change (so the table never stays
 * behind the counts, the last change included: a campaign that finishes between two polls is read once more).
 */
export const useCampaignRecipients = (campaign: EmailCampaign) =>
  useQuery({
    queryKey: [
      ...campaignKeys.recipients(campaign.id),
      campaign.status,
      campaign.sentCount,
      campaign.failedCount,
      campaign.skippedCount,
    ],
    queryFn: ({ signal }) => apiCall(e.findEmailCampaignRecipients, { params: { id: campaign.id }, signal }),
    placeholderData: keepPreviousData,
  });

/** Every case manager (archived too) and the counties, for the recipients chooser. */
export const useCampaignCandidates = () =>
  useQuery({
    queryKey: campaignKeys.candidates,
    queryFn: ({ signal }) => apiCall(e.findCampaignCandidates, { signal }),
  });

/** The email as rendered for `input` (disabled while `input` is null: nothing to show yet). */
export const useCampaignPreview = (input: CampaignPreviewInput | null) =>
  useQuery({
    queryKey: campaignKeys.preview(input ?? { subject: '' }),
    queryFn: ({ signal }) => apiCall(e.previewEmailCampaign, { body: input ?? { subject: '' }, signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Creates the campaign, then starts sending it; resolves the campaign as sending started. */
export function useCreateAndSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CampaignInput) => {
      const created = await apiCall(e.createEmailCampaign, { body: input });
      return apiCall(e.sendEmailCampaign, { params: { id: created.id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/** Cancels a pending or sending campaign. */
export function useCancelCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(e.cancelEmailCampaign, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
