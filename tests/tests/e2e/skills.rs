//! Skills (SEP-2640) against the demo server, over stdio and streamable HTTP: the extension is
//! declared, listing reads no file, a loaded skill's `SKILL.md` is checked against the listing
//! (digest, size, frontmatter), a supporting file is read checked, and a file the manifest does
//! not list is refused. (Tampered files: the conformance suite's `sep-2640-client-verify-*`.)

use mcp_runtime::skills::SKILLS_EXTENSION;
use mcp_runtime::{Client, Error};

use crate::common::{connect_http_when_ready, demo_http, demo_stdio};

const SKILL_MD: &str = "skill://demo-orders/SKILL.md";
const SHIPPING: &str = "skill://demo-orders/references/SHIPPING.md";

async fn skills_of(client: &Client) {
    assert!(
        client.offers_skills(),
        "the demo server declares {SKILLS_EXTENSION}"
    );
    let skills = client.list_skills().await.unwrap();
    let [skill] = skills.as_slice() else {
        panic!("one skill: {skills:?}")
    };
    assert_eq!(skill.name(), Some("demo-orders"));
    assert_eq!(skill.uri, SKILL_MD);
    let files: Vec<&str> = skill
        .files
        .iter()
        .flatten()
        .map(|f| f.uri.as_str())
        .collect();
    assert_eq!(files, [SKILL_MD, SHIPPING]);
    assert_eq!(client.get_skill(SKILL_MD).await.unwrap(), *skill);

    let loaded = client.load_skill(skill).await.unwrap();
    let on_disk = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/skills/demo-orders/SKILL.md"
    );
    assert_eq!(loaded.text, std::fs::read_to_string(on_disk).unwrap());
    let shipping = client.read_skill_file(skill, SHIPPING).await.unwrap();
    assert!(String::from_utf8(shipping).unwrap().contains("express"));

    let unlisted = "skill://demo-orders/references/NOPE.md";
    match client.read_skill_file(skill, unlisted).await {
        Err(Error::SkillRejected { uri, reason, .. }) => {
            assert_eq!(uri, unlisted);
            assert!(reason.contains("does not list"), "{reason}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // A manifest that says otherwise than the file: the content is refused, not returned.
    let mut tampered = skill.clone();
    if let Some(files) = &mut tampered.files {
        files[1].size += 1;
    }
    let refused = client.read_skill_file(&tampered, SHIPPING).await;
    assert!(
        matches!(refused, Err(Error::SkillRejected { .. })),
        "{refused:?}"
    );
}

#[tokio::test]
async fn skills_over_stdio() {
    let client = Client::connect(demo_stdio()).await.unwrap();
    skills_of(&client).await;
    client.close().await;
}

#[tokio::test]
async fn skills_over_http() {
    let server = demo_http();
    let client = connect_http_when_ready(&server.url).await;
    skills_of(&client).await;
    client.close().await;
}
