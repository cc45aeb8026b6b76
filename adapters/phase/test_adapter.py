"""Tests of adapter.py's own behaviour against phase itself (not of phase's rules: the corpus does
that). Run by test.sh, which builds phase's card data first:

    adapters/phase/test.sh
"""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import adapter  # noqa: E402

CARDS = os.environ.get("PHASE_CARDS", os.path.join(HERE, "build", "card-data.json"))
ISAMARU = "Isamaru, Hound of Konda"


def engine():
    import phase
    return phase.Engine.from_path(CARDS)


def case(battlefield, hand=None):
    setup = {"active": "alice", "step": "precombat_main", "battlefield": battlefield}
    if hand:
        setup["hand"] = hand
    steps = [{"expect": {"subject": "object", "object": e["ref"]}} for e in battlefield]
    return {"id": "adapter-test", "setup": setup, "step": steps}


def run(c):
    replies = []
    status = adapter.run_case(ENGINE, c, replies.append)
    return status, replies


class LegendRuleInTheSetup(unittest.TestCase):
    """D13 (REPORT.md): a setup can't name the legend rule's choice, so such a setup is skipped."""

    def test_two_same_named_legends_under_one_controller_are_skipped(self):
        status, replies = run(case([
            {"ref": "a", "card": ISAMARU, "controller": "alice"},
            {"ref": "b", "card": ISAMARU, "controller": "alice"},
        ]))
        self.assertEqual(status["status"], "skipped")
        self.assertIn("704.5j", status["reason"])
        self.assertIn("alice", status["reason"])
        self.assertEqual(replies, [])

    def test_identical_legends_no_step_names_are_run_and_one_stays(self):
        # which one stays can't be observed: the setup's choice makes no difference
        c = case([
            {"ref": "a", "card": ISAMARU, "controller": "alice"},
            {"ref": "b", "card": ISAMARU, "controller": "alice"},
        ])
        c["step"] = [{"expect": {"subject": "zone", "zone": "battlefield", "controller": "alice"}},
                     {"expect": {"subject": "zone", "zone": "graveyard", "owner": "alice"}}]
        status, replies = run(c)
        self.assertIsNone(status)
        self.assertEqual([len(r["observation"]["objects"]) for r in replies], [1, 1])

    def test_legends_that_differ_are_skipped_even_unnamed(self):
        c = case([
            {"ref": "a", "card": ISAMARU, "controller": "alice", "tapped": True},
            {"ref": "b", "card": ISAMARU, "controller": "alice"},
        ])
        c["step"] = [{"expect": {"subject": "zone", "zone": "battlefield", "controller": "alice"}}]
        status, _ = run(c)
        self.assertEqual(status["status"], "skipped")

    def test_control_decides_not_ownership(self):
        status, _ = run(case([
            {"ref": "a", "card": ISAMARU, "controller": "alice", "owner": "bob"},
            {"ref": "b", "card": ISAMARU, "controller": "alice"},
        ]))
        self.assertEqual(status["status"], "skipped")

    def test_one_legend_each_is_run_and_both_stay(self):
        status, replies = run(case([
            {"ref": "a", "card": ISAMARU, "controller": "alice"},
            {"ref": "b", "card": ISAMARU, "controller": "bob"},
        ]))
        self.assertIsNone(status)
        self.assertEqual([r["observation"]["zone"] for r in replies], ["battlefield", "battlefield"])
        self.assertEqual([r["observation"]["controller"] for r in replies], ["alice", "bob"])

    def test_same_name_in_hand_is_no_legend_rule(self):
        status, replies = run(case([{"ref": "a", "card": ISAMARU, "controller": "alice"}],
                                   hand={"alice": [{"ref": "b", "card": ISAMARU}]}))
        self.assertIsNone(status)
        self.assertEqual(replies[0]["observation"]["zone"], "battlefield")

    def test_two_same_named_nonlegendary_permanents_are_run(self):
        status, replies = run(case([
            {"ref": "a", "card": "Grizzly Bears", "controller": "alice"},
            {"ref": "b", "card": "Grizzly Bears", "controller": "alice"},
        ]))
        self.assertIsNone(status)
        self.assertEqual([r["observation"]["zone"] for r in replies], ["battlefield", "battlefield"])


class AttackStaysInThisTurn(unittest.TestCase):
    """D16 (REPORT.md): after passes into a combat where phase declared "no attackers" by itself,
    an `attack` step with none is done there, not by passing on into later turns."""

    def test_attack_after_phase_declared_none_itself(self):
        # Bob's turn, he has no creature: phase skips his declaration. Alice's tapped Merrow
        # Wavebreakers must not untap (that would be Alice's next untap step), nor may Alice draw.
        c = {"id": "adapter-test", "setup": {
            "active": "bob", "step": "beginning_of_combat", "turn": 4,
            "battlefield": [{"ref": "merrow", "card": "Merrow Wavebreakers", "controller": "alice",
                             "tapped": True}],
            "library": {"alice": [{"ref": "top", "card": "Forest"}], "bob": [{"card": "Plains"}]}},
            "step": [{"by": "bob", "do": "pass"}, {"by": "alice", "do": "pass"},
                     {"by": "bob", "do": "attack", "attackers": []},
                     {"expect": {"subject": "object", "object": "merrow"}}, {"expect": {"subject": "object", "object": "top"}}]}
        status, replies = run(c)
        self.assertIsNone(status)
        self.assertEqual([r["result"] for r in replies[:3]], ["done", "done", "done"])
        self.assertTrue(replies[3]["observation"]["tapped"])
        self.assertEqual(replies[4]["observation"]["zone"], "library")

    def test_passes_into_a_declaration_leave_it_to_the_attack_step(self):
        c = {"id": "adapter-test", "setup": {
            "active": "bob", "step": "beginning_of_combat", "turn": 4,
            "battlefield": [{"ref": "bears", "card": "Grizzly Bears", "controller": "bob"}],
            "library": {"alice": [{"card": "Forest"}], "bob": [{"card": "Plains"}]}},
            "step": [{"by": "bob", "do": "pass"}, {"by": "alice", "do": "pass"},
                     {"by": "bob", "do": "attack", "attackers": ["bears"]},
                     {"expect": {"subject": "object", "object": "bears"}}]}
        status, replies = run(c)
        self.assertIsNone(status)
        self.assertEqual([r["result"] for r in replies[:3]], ["done", "done", "done"])
        self.assertTrue(replies[3]["observation"]["tapped"])


ENGINE = None


def setUpModule():
    global ENGINE
    ENGINE = engine()


if __name__ == "__main__":
    unittest.main()
