"""The play session's commands, one line at a time: parsing, dispatch and completion, with no
terminal of its own (``canasta_score.cli.play`` reads the lines and shows the answers).

Each line is one command: ``hand``, ``edit N``, ``undo``, ``redo``, ``meld``, ``pickup``,
``go-out``, ``status``, ``history``, ``help``, ``quit`` (or its Korean name, ``KOREAN``). A
command that fails says why and changes nothing; the session goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from canasta_score.core.errors import CanastaError, InputError
from canasta_score.core.language import N_, _, ngettext

if TYPE_CHECKING:
    from canasta_score.cli.asking import Dialogue
    from canasta_score.games.game import Game
    from canasta_score.games.store import Ref, Store
    from canasta_score.games.summary import Summary
    from canasta_score.judging.judge import Ruling

HELP = N_("""\
Commands (a unique beginning will do, e.g. "st" for status):
  hand                       record the next hand, answering the questions
  hand us: 285 melded, 1 nat, out; them: 95 melded, 70 left
                             record the next hand in the quick form, one line
  edit N [quick form]        replace hand N (every later hand is scored again)
  undo                       remove the last hand (redo puts it back)
  redo                       put back the hand undo removed, until a new hand is entered
  meld K K 2                 is this meld legal?
  pickup KD with KS KH 5C [by SIDE] [unopened] [frozen]
                             may the pile be taken? "by SIDE" with "unopened" uses that
                             side's score for its initial meld
  go-out Q Q Q Q Q Q Q / K K K [discard 5C]
                             may the side go out with these melds (separated by /)?
  status                     the score sheet, next minimums and dealer
  history                    every hand with each side's minimum
  help                       this list
  quit                       leave (Ctrl-D too); Ctrl-C cancels only what is being entered""")

COMMANDS = (
    "hand",
    "edit",
    "undo",
    "redo",
    "meld",
    "pickup",
    "go-out",
    "status",
    "history",
    "help",
    "quit",
)
# Each command's Korean name (docs/ko/glossary.md), read in every language.
KOREAN = {
    "핸드": "hand",
    "수정": "edit",
    "취소": "undo",
    "다시": "redo",
    "멜드": "meld",
    "더미": "pickup",
    "나가기": "go-out",
    "상태": "status",
    "기록": "history",
    "도움말": "help",
    "종료": "quit",
}
ALIASES = {
    "exit": "quit",
    "q": "quit",
    "?": "help",
    "goout": "go-out",
    "sheet": "status",
    **KOREAN,
}
CARD_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("S", "H", "D", "C")
QUICK_WORDS = (
    *("melded", "nat", "mix", "red", "black", "left", "out", "conc", "natural", "mixed"),
    *("멜드", "내추럴", "믹스드", "빨간", "레드", "블랙", "검은", "남은", "나감", "숨은"),
)
PICKUP_WORDS = ("with", "by", "unopened", "opened", "frozen")


class Quit(Exception):
    """The scorekeeper asked to leave the session."""


def command_of(word: str) -> str:
    """The command a typed word names: itself, an alias, or a unique beginning."""
    low = word.lower()
    if low in COMMANDS:
        return low
    if low in ALIASES:
        return ALIASES[low]
    found = [c for c in COMMANDS if c.startswith(low)]
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(
            _('"{word}" could be {choices}; write more of it').format(
                word=word, choices=_(" or ").join(found)
            )
        )
    raise InputError(_('"{word}" is not a command here; type help for the list').format(word=word))


@dataclass
class Session:
    """One game's session: ``say`` shows an answer, ``dialogue`` asks the hand's questions."""

    store: Store
    path: Ref
    dialogue: Dialogue
    say: Callable[[str], None]
    colour: bool = False

    # -------------------------------------------------------------- the line

    def run(self, line: str) -> bool:
        """Carry out one line; a problem is shown and nothing is changed. Returns whether the
        line did what it said (an error or a cancelled question did not). Raises
        :class:`Quit`."""
        from canasta_score.cli.asking import Left

        word, _space, rest = line.strip().partition(" ")
        if not word:
            return True
        try:
            command = command_of(word)
            handler: Callable[[str], None] = getattr(self, "do_" + command.replace("-", "_"))
            handler(rest.strip())
        except Left as exc:
            self.say(_("Cancelled: {problem}.").format(problem=exc))
            return False
        except CanastaError as exc:
            self.say(f"Error: {exc}")
            return False
        return True

    # -------------------------------------------------------------- reading the game

    def game(self) -> Game:
        return self.store.load(self.path)

    def summary(self) -> Summary:
        return self.store.summary(self.path)

    def sheet(self) -> str:
        from canasta_score.cli import sheet

        return sheet.status(self.summary())

    # -------------------------------------------------------------- commands

    def do_quit(self, _rest: str) -> None:
        raise Quit

    def do_help(self, _rest: str) -> None:
        self.say(_(HELP))

    def do_status(self, _rest: str) -> None:
        self.say(self.sheet())

    def do_history(self, _rest: str) -> None:
        from canasta_score.cli import sheet

        self.say(sheet.history(self.summary()))

    def record(self, number: int, rest: str, before: Summary) -> tuple[dict[str, Any], bool]:
        """Hand ``number`` from the quick form in ``rest``, else from the questions; and
        whether the questions (which showed the breakdown) were asked."""
        game = self.game()
        if rest:
            from canasta_score.hands.entry import parse_quick

            players = {s.name: s.players for s in before.sides}
            from canasta_score.cli.asking import old_sides

            names = [s.name for s in before.sides]
            keep = old_sides(game.hands[number - 1], names) if number <= len(game.hands) else None
            return parse_quick([rest], names, players, game.rules(), keep), False
        from canasta_score.games.game import totals_before

        old = game.hands[number - 1] if number <= len(game.hands) else None
        totals = totals_before(before, number)
        return self.dialogue.hand(game, game.rules(), number, totals, old), True

    def do_hand(self, rest: str) -> None:
        from canasta_score.cli import sheet
        from canasta_score.cli.game import entered_now
        from canasta_score.games import scorekeeper
        from canasta_score.games.game import check_open

        self.store.writable(self.path)
        before = self.summary()
        check_open(before)
        data, asked = self.record(before.hands + 1, rest, before)
        done = scorekeeper.record(self.store, self.path, entered_now(data))
        if not asked:
            for doubt in done.doubts:
                warning = _("warning: {problem}").format(problem=doubt.text)
                self.tell(warning, _("warning:"), "yellow")
        self.say(sheet.played(done.played, done.summary, breakdown=not asked))

    def do_edit(self, rest: str) -> None:
        from canasta_score.cli import sheet
        from canasta_score.core.errors import GameError
        from canasta_score.games import scorekeeper

        first, _space, quick = rest.partition(" ")
        if not (first.isascii() and first.isdigit()):  # "²" is a digit int() refuses
            raise InputError(_('give the hand to replace, e.g. "edit 3"'))
        number = int(first)
        self.store.writable(self.path)
        before = self.summary()
        if not 1 <= number <= before.hands:
            raise GameError(
                ngettext(
                    "the game has {count} hand; there is no hand {number}",
                    "the game has {count} hands; there is no hand {number}",
                    before.hands,
                ).format(count=before.hands, number=number)
            )
        data, _asked = self.record(number, quick.strip(), before)
        done = scorekeeper.edit(self.store, self.path, number, data)
        later = tuple(d for d in done.shortfalls() if d.hand > number)
        self.say(sheet.change(done, later))

    def do_undo(self, _rest: str) -> None:
        from canasta_score.cli import sheet
        from canasta_score.games import scorekeeper

        done = scorekeeper.undo(self.store, self.path)
        removed = sheet.hand_line(done.line, done.summary)
        self.say(_("Removed {hand}; redo puts it back.").format(hand=removed) + "\n")
        self.say(sheet.standings(done.summary) + "\n\n" + sheet.outcome(done.summary))

    def do_redo(self, _rest: str) -> None:
        from canasta_score.cli import sheet
        from canasta_score.games import scorekeeper

        done = scorekeeper.redo(self.store, self.path)
        self.say(sheet.played(done.played, done.summary, breakdown=True))

    def show(self, ruling: Ruling, title: str = "") -> None:
        from canasta_score.cli.common import ruling_text

        text = ruling_text(ruling, title)
        lead = text.split("\n")[0].split(":")[0]  # the verdict, in the language in use
        self.tell(text, lead, "green" if ruling.legal else "red")

    def tell(self, text: str, lead: str, colour: str) -> None:
        """Say ``text``, its first word ``lead`` in ``colour`` on a terminal."""
        if not self.colour:
            self.say(text)
            return
        from canasta_score.cli.colour import echo

        echo(text, lead, colour, True)

    def do_meld(self, rest: str) -> None:
        from canasta_score.judging.judge import check_meld
        from canasta_score.rules.cards import parse_cards

        if not rest:
            raise InputError(_('give the meld\'s cards, e.g. "meld K K 2"'))
        self.show(check_meld(self.game().rules(), parse_cards(rest)), " ".join(rest.split()))

    def do_pickup(self, rest: str) -> None:
        from canasta_score.judging.judge import check_pickup
        from canasta_score.rules.cards import parse_card, parse_cards

        top, with_, after = rest.partition(" with ")
        if not with_ or not top.strip():
            raise InputError(_('say the top card and the hand, e.g. "pickup KD with KS KH 5C"'))
        words = after.split()
        flags = {"frozen": False, "unopened": False, "opened": False}
        side_words: list[str] = []
        cards: list[str] = []
        into = cards
        for word in words:
            low = word.lower()
            if low in ("by", "for"):
                into = side_words
            elif low in ("not-opened", "new"):
                flags["unopened"] = True
            elif low in flags:
                flags[low] = True
            else:
                into.append(word)
        summary = self.summary()
        score, side = self.side_score(summary, " ".join(side_words), flags["unopened"])
        ruling = check_pickup(
            self.game().rules(),
            parse_card(top.strip()),
            parse_cards(" ".join(cards)),
            opened=not flags["unopened"],
            frozen=flags["frozen"],
            score=score,
            hand_number=summary.hands + 1,
        )
        unopened = _("{side} (score {score:,}), not yet opened")
        title = unopened.format(side=side, score=score) if flags["unopened"] else ""
        self.show(ruling, title)

    @staticmethod
    def side_score(summary: Summary, label: str, needed: bool) -> tuple[int, str]:
        """The score of the side ``label`` names; without one, the score all sides share
        (when it matters, i.e. ``needed``)."""
        from canasta_score.hands.entry import match_side

        names = [s.name for s in summary.sides]
        scores = {s.name: s.score for s in summary.sides}
        if label:
            players = {s.name: s.players for s in summary.sides}
            name = match_side(label, names, players)
            return scores[name], name
        minimums = {s.next_minimum for s in summary.sides}
        if needed and len(minimums) > 1:
            choices = " / ".join(f"by {n}" for n in names)
            raise InputError(_("say which side is asking: {choices}").format(choices=choices))
        first = summary.sides[0]
        return first.score, _("each side") if len(names) > 1 else first.name

    def do_go_out(self, rest: str) -> None:
        from canasta_score.judging.judge import check_go_out
        from canasta_score.rules.cards import parse_card, parse_cards

        melds_text, marker, discard = rest.partition(" discard ")
        if not marker and rest.lower().startswith("discard "):
            melds_text, discard = "", rest[len("discard ") :]
        parts = [p for p in melds_text.replace(";", "/").split("/") if p.strip()]
        if not parts:
            raise InputError(
                _('give the side\'s melds, separated by /, e.g. "go-out Q Q Q / K K K"')
            )
        ruling = check_go_out(
            self.game().rules(),
            tuple(parse_cards(p) for p in parts),
            discard=parse_card(discard.strip()) if discard.strip() else None,
        )
        self.show(ruling)


# ---------------------------------------------------------------- completion


def completions(before: str, sides: list[str]) -> list[str]:
    """What may complete the word being typed at the end of ``before``: a command first, then
    the words its arguments take (side names, cards, the quick form's words)."""
    words = before.split(" ")
    partial = words[-1]
    if len(words) == 1:
        return [c for c in (*COMMANDS, *KOREAN) if c.startswith(partial.lower())]
    try:
        command = command_of(words[0])
    except InputError:
        return []
    low = partial.lower()
    choices: list[str]
    if command in ("hand", "edit"):
        first = 3 if command == "edit" else 2
        start = len(words) == first or (len(words) > first and words[-2].endswith(";"))
        choices = [f"{s}:" for s in sides] if start else list(QUICK_WORDS)
    elif command in ("meld", "pickup", "go-out"):
        choices = card_words(partial)
        if command == "pickup":
            choices += list(PICKUP_WORDS) + sides
        if command == "go-out":
            choices += ["discard"]
    else:
        return []
    return [c for c in choices if c.lower().startswith(low) and c.lower() != low]


def card_words(partial: str) -> list[str]:
    """Cards starting with ``partial``: ranks, ranks with a suit, and the joker."""
    up = partial.upper()
    out = [r for r in CARD_RANKS if r.startswith(up)]
    out += [r + s for r in CARD_RANKS for s in SUITS if (r + s).startswith(up) and up]
    if "JK".startswith(up):
        out.append("JK")
    return out
