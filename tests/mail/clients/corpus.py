"""Order mails as real mail clients write them: the structure of each client's reply, this project's text.

The structures (where the earlier mail goes, its separator and header block,
the attribution line and how it wraps, the MIME layout, the charset and
transfer encoding, the HTML containers) are those of the public test corpora
of mail-parsing libraries (mailgun/talon ``tests/fixtures``,
crisp-oss/email-reply-parser ``test/fixtures``, discourse
``spec/fixtures/emails``), rebuilt here around a Diplomacy player's new
orders and the judge's own mail he answers.  Each case is a function of
:class:`Reply` returning the raw mail.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.mime.application import MIMEApplication
from email.mime.image import MIMEImage
from email.mime.message import MIMEMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import make_msgid
from html import escape

LRM = "\u200e"   # Windows 10 Mail's invisible left-to-right mark
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")


@dataclass(frozen=True)
class Reply:
    """What the player answers: his sign-on and new orders, the judge's mail he answers, who is who."""

    signon: str
    orders: tuple[str, ...]
    quoted: str                 # the judge's mail, as the player's client received it
    player: str
    judge: str = "judge@demo.invalid"
    judge_name: str = "demo-judge"
    subject: str = "Re: orders"

    @property
    def typed(self) -> str:
        return "\n".join([self.signon, *self.orders])


def _envelope(msg: EmailMessage | MIMEMultipart | MIMEText, reply: Reply) -> bytes:
    msg["From"] = reply.player
    msg["To"] = reply.judge
    msg["Subject"] = reply.subject
    msg["Message-ID"] = make_msgid(domain="players.example")
    if "MIME-Version" not in msg:
        msg["MIME-Version"] = "1.0"
    return msg.as_bytes()


def plain(text: str, reply: Reply, charset: str = "utf-8", cte: str = "quoted-printable") -> bytes:
    msg = EmailMessage()
    msg.set_content(text, charset=charset, cte=cte)
    return _envelope(msg, reply)


def html_only(html: str, reply: Reply) -> bytes:
    msg = EmailMessage()
    msg.set_content(html, subtype="html", charset="utf-8", cte="quoted-printable")
    return _envelope(msg, reply)


def html_lines(text: str) -> str:
    return "<br>\n".join(escape(line) for line in text.split("\n"))


# -- the languages: an Outlook header block and an attribution line ---------------------------------------

@dataclass(frozen=True)
class Language:
    separator: str              # Outlook's "-----Original Message-----" in the language
    headers: tuple[str, str, str, str]   # From, Sent, To, Subject
    sent: str                   # the date as Outlook writes it
    attribution: str            # "On {date}, {who} wrote:" with {who}
    reply_prefix: str = "RE:"


LANGUAGES: dict[str, Language] = {
    "en": Language("-----Original Message-----", ("From", "Sent", "To", "Subject"), "Monday, March 23, 2026 9:01 AM",
                   "On Mon, 23 Mar 2026 at 09:01, {who} wrote:"),
    "de": Language("-----Ursprüngliche Nachricht-----", ("Von", "Gesendet", "An", "Betreff"),
                   "Montag, 23. März 2026 09:01", "Am Mo., 23. März 2026 um 09:01 Uhr schrieb {who}:", "AW:"),
    "fr": Language("-----Message d'origine-----", ("De", "Envoyé", "À", "Objet"), "lundi 23 mars 2026 09:01",
                   "Le lun. 23 mars 2026 à 09:01, {who} a écrit :", "RE :"),
    "es": Language("-----Mensaje original-----", ("De", "Enviado el", "Para", "Asunto"),
                   "lunes, 23 de marzo de 2026 9:01", "El lun, 23 mar 2026 a las 9:01, {who} escribió:"),
    "it": Language("-----Messaggio originale-----", ("Da", "Inviato", "A", "Oggetto"), "lunedì 23 marzo 2026 09:01",
                   "Il giorno lun 23 mar 2026 alle ore 09:01 {who} ha scritto:", "R:"),
    "nl": Language("-----Oorspronkelijk bericht-----", ("Van", "Verzonden", "Aan", "Onderwerp"),
                   "maandag 23 maart 2026 09:01", "Op ma 23 mrt 2026 om 09:01 schreef {who}:", "RE:"),
    "pt": Language("-----Mensagem original-----", ("De", "Enviada em", "Para", "Assunto"),
                   "segunda-feira, 23 de março de 2026 09:01", "Em seg., 23 de mar. de 2026 às 09:01, {who} escreveu:"),
    "sv": Language("-----Ursprungligt meddelande-----", ("Från", "Skickat", "Till", "Ämne"),
                   "den 23 mars 2026 09:01", "Den mån 23 mars 2026 kl 09:01 skrev {who}:", "SV:"),
    "da": Language("-------- Oprindelig besked --------", ("Fra", "Sendt", "Til", "Emne"), "23. marts 2026 09:01",
                   "Den man. 23. mar. 2026 kl. 09.01 skrev {who}:", "SV:"),
    "pl": Language("-----Wiadomość oryginalna-----", ("Od", "Wysłano", "Do", "Temat"),
                   "poniedziałek, 23 marca 2026 09:01", "W dniu pon., 23.03.2026 o 09:01 {who} napisał(a):", "RE:"),
}


def header_block(reply: Reply, lang: Language) -> str:
    """Outlook's block: From, Sent, To and Subject, each on its line."""
    values = (f"{reply.judge_name} <{reply.judge}>", lang.sent, reply.player,
              reply.subject.replace("Re:", lang.reply_prefix))
    return "".join(f"{name}: {value}\n" for name, value in zip(lang.headers, values))


def who(reply: Reply) -> str:
    return f"{reply.judge_name} <{reply.judge}>"


# -- the clients ---------------------------------------------------------------------------------------------

def outlook_desktop(r: Reply) -> bytes:
    en = LANGUAGES["en"]
    return plain(f"{r.typed}\n\n{header_block(r, en)}\n{r.quoted}", r, "windows-1252")


def outlook_plain_text(r: Reply) -> bytes:
    en = LANGUAGES["en"]
    return plain(f"{r.typed}\n\n{en.separator}\n{header_block(r, en)}\n{r.quoted}", r)


def outlook_web(r: Reply) -> bytes:
    return plain(f"{r.typed}\n\n{'_' * 32}\n{header_block(r, LANGUAGES['en'])}\n{r.quoted}", r)


def outlook_android(r: Reply) -> bytes:
    below = f"Get Outlook for Android<https://aka.ms/ghei36>\n\n{'_' * 32}\n{header_block(r, LANGUAGES['en'])}"
    return plain(f"{r.typed}\n\n{below}\n{r.quoted}", r)


def outlook_ios(r: Reply) -> bytes:
    below = f"Get Outlook for iOS<https://aka.ms/o0ukef>\n{'_' * 32}\n{header_block(r, LANGUAGES['en'])}"
    return plain(f"{r.typed}\n\n{below}\n{r.quoted}", r)


def outlook_mac(r: Reply) -> bytes:
    block = (f"From: {who(r)}\nDate: Monday, 23 March 2026 at 09:01\nTo: {r.player}\n"
             f"Subject: {r.subject}\n")
    return plain(f"{r.typed}\n\n{block}\n{r.quoted}", r)


def windows_mail(r: Reply) -> bytes:
    sent = LRM + f"{LRM}, {LRM}".join(["Monday", "March 23", "2026 9:01 AM"]).replace(" ", f"{LRM} {LRM}")
    block = (f"From: {r.judge_name}<mailto:{r.judge}>\nSent: {sent}\nTo: {r.player}<mailto:{r.player}>\n"
             f"Subject: {r.subject}\n")
    signature = "Sent from Mail<https://go.microsoft.com/fwlink/?LinkId=550986> for Windows 10"
    return plain(f"{r.typed}\n\n{signature}\n\n{block}\n{r.quoted}", r)


def yahoo(r: Reply) -> bytes:
    block = (f"----- Original Message -----\nFrom: {who(r)}\nTo: {r.player}\nSent: Monday, March 23, 2026 9:01 AM\n"
             f"Subject: {r.subject}\n")
    return plain(f"{r.typed}\n\n{block}\n{r.quoted}", r)


def yahoo_classic(r: Reply) -> bytes:
    block = (f"--- On Mon, 3/23/26, {who(r)} wrote:\n\nFrom: {who(r)}\nSubject: {r.subject}\nTo: {r.player}\n"
             "Date: Monday, March 23, 2026, 9:01 AM\n")
    return plain(f"{r.typed}\n\n\n{block}\n{r.quoted}", r, cte="base64")


def aol(r: Reply) -> bytes:
    block = (f"-----Original Message-----\nFrom: {who(r)}\nTo: {r.player}\nSent: Mon, Mar 23, 2026 9:01 am\n"
             f"Subject: {r.subject}\n")
    return plain(f"{r.typed}\n\n\n{block}\n{r.quoted}", r)


def zimbra(r: Reply) -> bytes:
    block = (f'----- Original Message -----\nFrom: "{r.judge_name}" <{r.judge}>\nTo: "France" <{r.player}>\n'
             f"Sent: Monday, March 23, 2026 9:01:00 AM\nSubject: {r.subject}\n")
    text = f"{r.typed}\n\n{block}\n{r.quoted}"
    return plain("\n".join(line + " " for line in text.split("\n")), r)


def samsung(r: Reply) -> bytes:
    block = (f"-------- Original message --------\nFrom: {who(r)} \nDate: 23/03/2026 09:01 (GMT+01:00) \n"
             f"To: {r.player} \nSubject: {r.subject} \n")
    return plain(f"{r.typed}\n\n\n\nSent from my Samsung Galaxy smartphone.\n\n{block}\n{r.quoted}", r)


def outlook_german(r: Reply) -> bytes:
    de = LANGUAGES["de"]
    return plain(f"{r.typed}\n\n{de.separator}\n{header_block(r, de)}\n{r.quoted}", r, "iso-8859-1")


def html_blockquote(r: Reply) -> bytes:
    """Apple Mail's HTML-only reply: the earlier mail in ``<blockquote type="cite">``, the attribution above."""
    html = (f'<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head>'
            f'<body dir="auto"><div>{html_lines(r.typed)}</div><div><br><div>On 23 Mar 2026, at 09:01, '
            f'{escape(who(r))} wrote:<br><br></div><blockquote type="cite"><div><pre>{escape(r.quoted)}</pre>'
            f"</div></blockquote></div></body></html>")
    return html_only(html, r)


def gmail_html(r: Reply) -> bytes:
    html = (f'<div dir="ltr">{html_lines(r.typed)}</div><br><div class="gmail_quote"><div dir="ltr" '
            f'class="gmail_attr">On Mon, 23 Mar 2026 at 09:01, {escape(who(r))} wrote:<br></div>'
            f'<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid '
            f'rgb(204,204,204);padding-left:1ex">{html_lines(r.quoted)}</blockquote></div>')
    return html_only(html, r)


def outlook_web_html(r: Reply) -> bytes:
    html = (f'<html><body><div style="font-family: Calibri">{html_lines(r.typed)}</div>'
            f'<div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1">'
            f'<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri" style="font-size:11pt"><b>From:</b> '
            f"{escape(who(r))}<br><b>Sent:</b> Monday, March 23, 2026 9:01 AM<br><b>To:</b> {r.player}<br>"
            f"<b>Subject:</b> {r.subject}</font><div>&nbsp;</div></div><div>{html_lines(r.quoted)}</div>"
            "</body></html>")
    return html_only(html, r)


def outlook_desktop_html(r: Reply) -> bytes:
    """Outlook 2016's HTML: the header block in a bordered div with no id, the earlier mail after it."""
    html = (f'<html><body lang="EN-GB"><div class="WordSection1"><p class="MsoNormal">{html_lines(r.typed)}</p>'
            '<p class="MsoNormal">&nbsp;</p><div><div style="border:none;border-top:solid #E1E1E1 1.0pt;'
            f'padding:3.0pt 0cm 0cm 0cm"><p class="MsoNormal"><b>From:</b> {escape(who(r))} <br><b>Sent:</b> '
            f"Monday, March 23, 2026 9:01 AM<br><b>To:</b> {r.player}<br><b>Subject:</b> {r.subject}</p></div>"
            f'</div><p class="MsoNormal">{html_lines(r.quoted)}</p></div></body></html>')
    msg = MIMEMultipart("alternative")
    msg.attach(MIMEText(html, "html", "utf-8"))
    return _envelope(msg, r)


CLIENTS: dict[str, Callable[[Reply], bytes]] = {
    "outlook-desktop": outlook_desktop, "outlook-plain-text": outlook_plain_text, "outlook-web": outlook_web,
    "outlook-android": outlook_android, "outlook-ios": outlook_ios, "outlook-mac": outlook_mac,
    "windows10-mail": windows_mail, "yahoo": yahoo, "yahoo-classic": yahoo_classic, "aol": aol, "zimbra": zimbra,
    "samsung-email": samsung, "outlook-german": outlook_german, "apple-mail-html-blockquote": html_blockquote,
    "gmail-html": gmail_html, "outlook-web-html": outlook_web_html, "outlook-desktop-html": outlook_desktop_html,
}


def outlook_in(language: str) -> Callable[[Reply], bytes]:
    """Outlook in ``language``: its separator and header block, the earlier mail pasted below unquoted."""
    lang = LANGUAGES[language]

    def build(r: Reply) -> bytes:
        return plain(f"{r.typed}\n\n{lang.separator}\n{header_block(r, lang)}\n{r.quoted}", r, "iso-8859-2"
                     if language == "pl" else "utf-8")
    return build


def attribution_in(language: str) -> Callable[[Reply], bytes]:
    """A client that writes the attribution in ``language``, wrapped before the address (Gmail's split line),
    and pastes the earlier mail below it without quote marks."""
    lang = LANGUAGES[language]

    def build(r: Reply) -> bytes:
        line = lang.attribution.format(who=who(r))
        cut = line.index("<")
        return plain(f"{r.typed}\n\n{line[:cut].rstrip()}\n{line[cut:]}\n\n{r.quoted}", r)
    return build


# -- mails of several parts -------------------------------------------------------------------------------------

def _mixed(r: Reply, *parts: MIMEText | MIMEImage | MIMEMessage | MIMEMultipart) -> bytes:
    msg = MIMEMultipart("mixed")
    for part in parts:
        msg.attach(part)
    return _envelope(msg, r)


def _named(text: str, name: str, disposition: str | None) -> MIMEText:
    part = MIMEText(text, "plain", "utf-8")
    part.set_param("name", name)
    if disposition:
        part.add_header("Content-Disposition", disposition, filename=name)
    return part


def _photo() -> MIMEImage:
    image = MIMEImage(PNG, "png")
    image.add_header("Content-Disposition", "inline", filename="IMG_0042.png")
    return image


def iphone_text_photo_text(r: Reply) -> bytes:
    first, rest = r.orders[0], "\n".join(r.orders[1:])
    return _mixed(r, MIMEText(f"{r.signon}\n{first}\n", "plain", "utf-8"), _photo(),
                  MIMEText(f"{rest}\n\nSent from my iPhone\n", "plain", "utf-8"))


def apple_mail_inline_file(r: Reply) -> bytes:
    return _mixed(r, MIMEText(f"{r.signon}\n", "plain", "utf-8"), _named("\n".join(r.orders), "orders.txt", "inline"))


def named_part_without_disposition(r: Reply) -> bytes:
    return _mixed(r, MIMEText(f"{r.signon}\n", "plain", "utf-8"), _named("\n".join(r.orders), "orders.txt", None))


def gmail_attachment(r: Reply) -> bytes:
    body = MIMEMultipart("alternative")
    body.attach(MIMEText(f"{r.signon}\n\n-- \nJohn\n", "plain", "utf-8"))
    body.attach(MIMEText(f"<div>{escape(r.signon)}</div><div>-- <br>John</div>", "html", "utf-8"))
    return _mixed(r, body, _named("\n".join(r.orders), "orders.txt", "attachment"))


def forwarded_as_attachment(r: Reply, inner_orders: str) -> bytes:
    inner = EmailMessage()
    inner["From"] = "italy@example.org"
    inner["Subject"] = "my orders"
    inner.set_content(inner_orders)
    return _mixed(r, MIMEText(f"{r.typed}\n", "plain", "utf-8"), MIMEMessage(inner))


def inline_forward(r: Reply, inner_orders: str) -> bytes:
    block = ("---------- Forwarded message ---------\nFrom: Italy <italy@example.org>\n"
             "Date: Mon, 23 Mar 2026 at 09:01\nSubject: my orders\nTo: <france@example.org>\n")
    return plain(f"{r.typed}\n\n{block}\n\n{inner_orders}\n", r)


# -- what already worked and must keep working -------------------------------------------------------------------

def gmail_quoted(r: Reply) -> bytes:
    """Gmail's plain text: the attribution split before the address, every quoted line marked ``> ``."""
    quoted = "\n".join(f"> {line}" if line else ">" for line in r.quoted.split("\n"))
    return plain(f"{r.typed}\n\nOn Mon, 23 Mar 2026 at 09:01, {r.judge_name} <\n{r.judge}> wrote:\n\n{quoted}\n", r,
                 cte="7bit")


def gmail_inline_answers(r: Reply) -> bytes:
    """Answers typed between the quoted lines, below a one-line attribution."""
    quoted = [f"> {line}" for line in r.quoted.split("\n") if line.strip()]
    middle = len(quoted) // 2
    body = "\n".join([f"On Mon, 23 Mar 2026 at 09:01, {who(r)} wrote:", *quoted[:middle], r.signon, r.orders[0],
                      *quoted[middle:], *r.orders[1:]])
    return plain(body + "\n", r, cte="7bit")


def _signed(content: MIMEText | MIMEMultipart, protocol: str, signature: bytes, name: str) -> MIMEMultipart:
    signed = MIMEMultipart("signed", protocol=protocol, micalg="sha-256")
    signed.attach(content)
    sig = MIMEApplication(signature, protocol.split("/")[1], name=name)
    sig.add_header("Content-Disposition", "attachment", filename=name)
    signed.attach(sig)
    return signed


def pgp_signed(r: Reply) -> bytes:
    """PGP/MIME (Enigmail, GPG Mail): the text in multipart/signed, then the detached signature."""
    armour = b"-----BEGIN PGP SIGNATURE-----\n\niQEzBAEBCAAdFiEE\n=abcd\n-----END PGP SIGNATURE-----\n"
    text = MIMEText(f"{r.typed}\n", "plain", "utf-8")
    return _envelope(_signed(text, "application/pgp-signature", armour, "signature.asc"), r)


def smime_signed(r: Reply) -> bytes:
    """S/MIME (Outlook, Apple Mail): an alternative of plain and HTML signed, then ``smime.p7s``."""
    body = MIMEMultipart("alternative")
    body.attach(MIMEText(f"{r.typed}\n", "plain", "utf-8"))
    body.attach(MIMEText(f"<div>{html_lines(r.typed)}</div>", "html", "utf-8"))
    return _envelope(_signed(body, "application/pkcs7-signature", b"\x30\x82\x05\x00" * 8, "smime.p7s"), r)
