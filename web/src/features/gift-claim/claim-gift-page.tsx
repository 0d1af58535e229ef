import type { GiftClaimResponse } from '@storyhouse/contracts';
import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { RouteLink } from '../../ui/route-link';
import { showToast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { useClaimGift } from './api/claim-gift';
import './gift-claim.css';

/** Spec §2: where a claim without a gift card (its downloads) and a link without a hash go. */
const LIBRARY_PATH = '/library';

/**
 * Spec §2 /claim-gift/{hash}: the link of a gift's e-mail. The route is
 * signed-in (a visitor logs in or creates an account and comes back here
 * through back_location); the page then claims the gift once. A gift card
 * joins the balance (the settings page's gift card records); a gift of
 * downloads goes on to the library, where a toast says they are there. An
 * unknown or used link answers gift_unavailable (spec §8).
 */
export default function ClaimGiftPage() {
  const { hash } = useParams();
  if (!hash) return <Navigate to={LIBRARY_PATH} replace />;
  // A new hash (another link followed in the same tab) is a new claim.
  return <Claim key={hash} hash={hash} />;
}

function Claim({ hash }: { hash: string }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  useDocumentTitle(t('giftClaim.title'));
  const claim = useClaimGift();
  const { mutate } = claim;

  // A claim is sent once: StrictMode runs effects twice in development, and a
  // second request would find the gift already claimed (gift_unavailable).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(hash, {
      // Downloads only: the page goes on to the library at once, so the outcome is told there, by a toast.
      onSuccess: (result) => {
        if (!result.containedGiftCard) showToast({ message: t('giftClaim.downloadsAdded') });
      },
    });
  }, [hash, mutate, t]);

  if (claim.isSuccess && !claim.data.containedGiftCard) return <Navigate to={LIBRARY_PATH} replace />;
  const unavailable = claim.error instanceof ApiError && claim.error.code === 'gift_unavailable';

  return (
    <article className="page page--narrow gift-claim">
      <h1>{t('giftClaim.title')}</h1>
      {/* One live region for the claim's progress and its outcome. */}
      <div role="status" className="gift-claim__status">
        {claim.isSuccess ? <Claimed result={claim.data} /> : claim.isError ? null : <p>{t('giftClaim.claiming')}</p>}
      </div>
      {claim.isError && (
        <div role="alert" className="gift-claim__failure">
          <p>{errorMessage(claim.error)}</p>
          {unavailable ? (
            <p>
              {t('giftClaim.unavailableHelp')} <RouteLink to="shop">{t('giftClaim.shopLink')}</RouteLink>
            </p>
          ) : (
            <button type="button" className="button" onClick={() => mutate(hash)}>
              {t('giftClaim.retry')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

/** A claim that held a gift card: it is on the balance now; its downloads, if any, are in the library. */
function Claimed({ result }: { result: GiftClaimResponse }) {
  const { t } = useI18n();
  return (
    <>
      <p className="gift-claim__done">{t('giftClaim.giftCardAdded')}</p>
      <p>
        <RouteLink to="accountSettings">{t('giftClaim.seeGiftCards')}</RouteLink>
      </p>
      {result.containedDownloads && (
        <p>
          {t('giftClaim.downloadsAdded')} <RouteLink to="library">{t('giftClaim.libraryLink')}</RouteLink>
        </p>
      )}
    </>
  );
}
