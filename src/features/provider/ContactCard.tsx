import { useStore } from "@nanostores/react";
import { Globe, LockKeyhole, Mail, MessageCircle, Phone, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { localHref, m } from "../../i18n/index.ts";
import { telHref, toLocalPhone, whatsappHref } from "../../lib/phone.ts";
import type { ProviderContact } from "../../lib/types.ts";
import { $session } from "../auth/session.ts";
import { sendCount } from "../insights/beacon.ts";
import { contactStore, loadContact, safeWebsite } from "./contact-store.ts";

interface Props {
  providerId: string;
  /** Where to come back to after signing in (the page's own path). */
  nextPath: string;
}

/**
 * The Contact box: the details for signed-in users, otherwise 'Sign
 * in to view this provider's contact details.' with a Sign In button. The
 * build renders the signed-out prompt, so pre-rendered HTML never holds
 * contact data; once hydrated, a signed-in visitor's details are fetched.
 */
export function ContactCard({ providerId, nextPath }: Props) {
  const session = useStore($session, { ssr: "initial" });
  const contact = useStore(contactStore(providerId), { ssr: "initial" });

  return (
    <section
      aria-labelledby="contact-heading"
      aria-busy={contact.status === "loading" || undefined}
      className="rounded-card border-line bg-surface shadow-card border p-5"
    >
      <h2 id="contact-heading" className="text-ink text-lg font-semibold">
        {m.search_contact()}
      </h2>
      {session.status !== "authenticated" ? (
        <SignInPrompt nextPath={nextPath} />
      ) : contact.status === "ready" ? (
        <ContactDetails
          providerId={providerId}
          contact={contact.contact}
          companyName={contact.companyName}
          path={contact.path}
        />
      ) : contact.status === "error" ||
        contact.status === "notFound" ||
        contact.status === "capped" ? (
        <div role="alert" className="mt-3">
          <p className="text-ink-soft text-sm">
            {contact.status === "notFound"
              ? m.search_contact_gone()
              : contact.status === "capped"
                ? contact.message
                : m.search_contact_failed()}
          </p>
          {contact.status === "error" && (
            <button
              type="button"
              onClick={() => void loadContact(providerId)}
              className={buttonClass("outline", "md", "mt-3 w-full")}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {m.search_try_again()}
            </button>
          )}
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-1" role="status">
          <span className="sr-only">{m.search_contact_loading()}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className="flex min-h-11 items-center gap-3">
              <div className="skeleton size-9 shrink-0 rounded-full" />
              <div className="skeleton h-4 w-40" />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

function SignInPrompt({ nextPath }: { nextPath: string }) {
  return (
    <>
      <div className="mt-3 flex items-start gap-3">
        <span className="bg-primary-soft text-primary-dark flex size-10 shrink-0 items-center justify-center rounded-full">
          <LockKeyhole aria-hidden="true" className="size-5" />
        </span>
        <p className="text-ink-soft text-sm">{m.search_contact_sign_in()}</p>
      </div>
      <a
        href={localHref(`/login?next=${encodeURIComponent(localHref(nextPath))}`)}
        className={buttonClass("primary", "lg", "mt-4 w-full")}
      >
        {m.search_sign_in()}
      </a>
    </>
  );
}

const rowLink =
  "group flex min-h-11 items-center gap-3 rounded-control -mx-2 px-2 text-ink hover:bg-subtle";

/**
 * One detail; the label is for screen readers (sighted people have the icon).
 * Numbers, addresses and links are set left to right: in an Urdu line the
 * bidi rules would otherwise swap the groups of a phone number.
 */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li>
      <span className="sr-only">{label}: </span>
      {children}
    </li>
  );
}

function IconDisc({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="bg-primary-soft text-primary-dark flex size-9 shrink-0 items-center justify-center rounded-full"
    >
      {children}
    </span>
  );
}

function ContactDetails({
  providerId,
  contact,
  companyName,
  path,
}: {
  providerId: string;
  contact: ProviderContact;
  companyName: string;
  path: string;
}) {
  const phone = contact.phone?.trim() || null;
  const email = contact.email?.trim() || null;
  const website = contact.website?.trim() || null;
  const site = website ? safeWebsite(website) : null;
  const tel = phone ? telHref(phone) : null;
  // Only when the provider says the number takes WhatsApp, and only for a mobile (decision 020).
  const whatsapp =
    phone && contact.phoneOnWhatsapp
      ? whatsappHref(
          phone,
          // In the reader's language, with the page in it too: that is what they will write in.
          m.search_whatsapp_greeting({
            company: companyName.trim(),
            url: new URL(localHref(path), location.origin).href,
          }),
        )
      : null;

  if (!phone && !email && !website) {
    return <p className="text-ink-soft mt-3 text-sm">{m.search_contact_none()}</p>;
  }

  return (
    <ul className="mt-2 flex flex-col gap-0.5 text-[0.9375rem]">
      {phone && (
        <Row label={m.search_phone()}>
          {tel ? (
            <a
              href={tel}
              onClick={() => sendCount({ event: "phone_tap", providerId })}
              className={rowLink}
            >
              <IconDisc>
                <Phone className="size-4" />
              </IconDisc>
              <span dir="ltr" className="font-medium tabular-nums group-hover:underline">
                {toLocalPhone(phone)}
              </span>
            </a>
          ) : (
            <span className="flex min-h-11 items-center gap-3">
              <IconDisc>
                <Phone className="size-4" />
              </IconDisc>
              <span dir="ltr">{phone}</span>
            </span>
          )}
        </Row>
      )}
      {whatsapp && (
        <Row label={m.search_whatsapp()}>
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => sendCount({ event: "whatsapp_tap", providerId })}
            className={rowLink}
          >
            <IconDisc>
              <MessageCircle className="size-4" />
            </IconDisc>
            <span className="group-hover:underline">{m.search_whatsapp_chat()}</span>
          </a>
        </Row>
      )}
      {email && (
        <Row label={m.search_email()}>
          <a href={`mailto:${email}`} className={rowLink}>
            <IconDisc>
              <Mail className="size-4" />
            </IconDisc>
            <span dir="ltr" className="min-w-0 break-all group-hover:underline">
              {email}
            </span>
          </a>
        </Row>
      )}
      {website && (
        <Row label={m.search_website()}>
          {site ? (
            <a
              href={site.href}
              target="_blank"
              rel="noopener nofollow ugc"
              onClick={() => sendCount({ event: "website_click", providerId })}
              className={rowLink}
            >
              <IconDisc>
                <Globe className="size-4" />
              </IconDisc>
              <span dir="ltr" className="min-w-0 break-all group-hover:underline">
                {site.label}
              </span>
            </a>
          ) : (
            <span className="flex min-h-11 items-center gap-3">
              <IconDisc>
                <Globe className="size-4" />
              </IconDisc>
              <span dir="auto" className="min-w-0 break-all">
                {website}
              </span>
            </span>
          )}
        </Row>
      )}
    </ul>
  );
}
