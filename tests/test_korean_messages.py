"""Messages a Korean table meets that were built, or shown, outside the catalog: each one said
in Korean, in 합니다체, with the bundled ruleset's Korean name (docs/ko/glossary.md)."""

from __future__ import annotations

from helpers import Cli


def test_sides_that_fit_no_player_count_name_the_ruleset_in_korean(cli: Cli) -> None:
    """RULES 2 and CONTRACT 3: Classic is played by 2, 3, 4 or 6; one side fits none of them.
    The refusal names the ruleset as the Korean help does (클래식 카나스타), never in English."""
    refused = cli("--lang", "ko", "new", "club", "--side", "철수 & 영희")
    assert refused.code == 2
    assert refused.err.strip().splitlines()[-1] == (
        "Error: 팀 1개는 클래식 카나스타에 맞지 않습니다 (플레이어 수: 2, 3, 4, 6). "
        "팀을 확인하거나 플레이어 수를 주십시오"
    )
    english = cli("new", "club", "--side", "Ann & Bob")
    assert "1 sides do not fit Classic Canasta (players: 2, 3, 4, 6)" in english.err
