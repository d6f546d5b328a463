"""The umpire's setup for a finger (issue 39 item 4), in Debian's chromium on a 768×1024 tablet and a 390×844 phone:
every control of the form is a target at least 44 px each way (a round button's target is its whole label). On
main singles / doubles were 27 px high."""

import pytest
from test_web_umpire_browser import PHONE, TABLET, open_page, set_up

SMALL = """[...document.querySelectorAll('#setup input, #setup select, #setup button, #setup summary')]
  .filter((e) => e.offsetParent && e.type !== 'hidden').map((e) => {
    const target = e.type === 'radio' || e.type === 'checkbox' ? e.closest('label') || e : e, r = target.getBoundingClientRect();
    return [e.name || e.id || e.tagName, Math.round(r.width), Math.round(r.height)]; })
  .filter(([, w, h]) => w < 44 || h < 44)"""


@pytest.mark.parametrize("device", [TABLET, PHONE], ids=["tablet", "phone"])
def test_every_control_of_the_umpires_setup_is_a_finger_target(server, browser, device):
    errors = []
    page = open_page(browser, errors, **device)
    set_up(page, server.url)
    assert page.evaluate(SMALL) == []
    page.tap("text=doubles")  # the word is the target, not only the round button
    assert page.is_checked("input[name=kind][value=doubles]")
    assert not errors, errors
