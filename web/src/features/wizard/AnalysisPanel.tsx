import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Country } from '../../../../shared/contract/countries';
import { es, fmt } from '../../../../shared/messages.es';
import { formatCredits } from '../../../../shared/rules/currency';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Modal, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { apiErrorDetail } from '../../lib/apiErrorDetail';
import { useAuthModal } from '../../lib/session/authModal';
import { useRefreshWallet, useWallet } from '../../lib/wallet/useWallet';
import { Markdown } from './Markdown';
import { creditServicesQuery, wizardKeys } from './queries';
import {
  analysisCost,
  analysisKey,
  type DraftDocument,
  remainingAnalysisDelay,
} from './wizardRules';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** "5 créditos" / "1 crédito". */
const creditsText = (n: number) =>
  `${formatCredits(n)} ${n === 1 ? es.credits.credit : es.credits.credits}`;

/**
 * The optional AI analysis of step 1 (§2.5, §5, §7.5, §9): offered only where the country
 * allows it; needs a session and the credits of the ai_document_analysis rule (checked here
 * before calling, and charged by the server only on success); the result shows no sooner than
 * 10 s after the call started and stays for this document while the wizard is open. Nothing is
 * charged without a confirmation that states the price, and a document is analysed (and
 * charged) once: its idempotency key is the document's own (wizardRules analysisKey), so asking
 * again, after a reload or in another tab, shows the stored result for free.
 */
export function AnalysisPanel({
  country,
  document,
}: {
  /** null while the countries load (WizardLoading): the panel's frame with a spinner. */
  country: Country | null;
  document: DraftDocument | null;
}) {
  const headingId = useId();
  return (
    <section className="analysis-panel" aria-labelledby={headingId}>
      <h3 id={headingId} className="analysis-panel__title">
        <Icon name="star" size={18} />
        {es.wizard.analysisTitle}
      </h3>
      {country === null ? (
        <Spinner label={es.common.loading} />
      ) : country.ai_analysis_available ? (
        <AnalysisBody country={country} document={document} />
      ) : (
        <p className="analysis-panel__unavailable">
          {country.ai_analysis_message || es.documents.analysisUnavailable}
        </p>
      )}
    </section>
  );
}

function AnalysisBody({ country, document }: { country: Country; document: DraftDocument | null }) {
  const wallet = useWallet();
  const refreshWallet = useRefreshWallet();
  const authModal = useAuthModal();
  const queryClient = useQueryClient();
  const resultId = useId();
  const [running, setRunning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<{ text: string; buy?: boolean } | null>(null);
  const rules = useQuery(creditServicesQuery(country.id));
  const cost = analysisCost(rules.data?.services);
  // The result of this document, kept in the query cache so it survives a step change.
  const result = useQuery({
    queryKey: wizardKeys.analysis(document?.id ?? ''),
    queryFn: () => Promise.resolve<string | null>(null),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const markdown = document ? result.data : null;

  /** The checks the server makes too, then the confirmation with the price. */
  const ask = () => {
    setProblem(null);
    if (!wallet.signedIn) {
      setProblem({ text: es.documents.analysisLogin });
      authModal.open('login');
      return;
    }
    if (!document) {
      setProblem({ text: es.documents.noDocument });
      return;
    }
    const balance = wallet.data?.balance ?? 0;
    if (balance < cost) {
      setProblem({
        text: fmt(es.documents.analysisCredits, { n: cost, balance: formatCredits(balance) }),
        buy: true,
      });
      return;
    }
    setConfirming(true);
  };

  const run = async () => {
    setConfirming(false);
    if (!document) return;
    const startedAt = Date.now();
    setRunning(true);
    try {
      const answer = await apiCall('analyzeDocument', {
        params: { id: document.id },
        body: { country_id: country.id, idempotency_key: analysisKey(document.id) },
      });
      await sleep(remainingAnalysisDelay(startedAt, Date.now()));
      const text = answer.markdown.trim() ? answer.markdown : es.documents.analysisEmpty;
      queryClient.setQueryData(wizardKeys.analysis(document.id), text);
      void refreshWallet(answer.balance);
    } catch (err) {
      setProblem({
        text: fmt(es.documents.analysisError, {
          message: apiErrorDetail(err) ?? es.api.internal,
        }),
      });
      void refreshWallet();
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <p className="analysis-panel__intro">{es.wizard.analysisIntro}</p>
      <p className="analysis-panel__cost">
        <Icon name="coins" size={16} />
        {fmt(es.wizard.analysisCost, { n: formatCredits(cost) })}
        {wallet.signedIn && wallet.data ? (
          <span className="analysis-panel__balance">
            {fmt(es.wizard.analysisBalance, { n: formatCredits(wallet.data.balance) })}
          </span>
        ) : null}
      </p>
      {!document ? (
        <p className="muted analysis-panel__hint">{es.wizard.analysisNeedsDocument}</p>
      ) : null}
      <Button
        variant="secondary"
        fullWidth
        icon={<Icon name="star" />}
        loading={running}
        loadingLabel={es.wizard.analyzing}
        disabled={(wallet.signedIn && wallet.isPending) || rules.isPending}
        onClick={ask}
      >
        {es.wizard.analyze}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={es.availability.analysisConfirmTitle}
        description={fmt(es.availability.analysisConfirmBody, { n: creditsText(cost) })}
        size="sm"
      >
        <div className="analysis-confirm__actions">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {es.common.cancel}
          </Button>
          <Button data-autofocus onClick={() => void run()}>
            {fmt(es.availability.analysisConfirm, { n: creditsText(cost) })}
          </Button>
        </div>
      </Modal>
      {running ? (
        <p className="visually-hidden" role="status">
          {es.wizard.analyzing}
        </p>
      ) : null}
      {problem ? (
        <Alert
          tone="error"
          action={
            problem.buy ? <Link to="/credit-packages">{es.credits.buyCredits}</Link> : undefined
          }
        >
          {problem.text}
        </Alert>
      ) : null}
      {markdown ? (
        <section className="analysis-result" aria-labelledby={`${resultId}-title`}>
          <h4 id={`${resultId}-title`} className="analysis-result__title">
            {es.wizard.analysisResultTitle}
          </h4>
          <Markdown source={markdown} baseLevel={5} />
        </section>
      ) : running ? (
        <div className="analysis-result analysis-result--pending">
          <Spinner size={18} />
        </div>
      ) : null}
    </>
  );
}
